import { Button, Group, Text } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePlacesConfig } from '../../../components/address-search/api/get-places-config';
import { reversePlace } from '../../../components/address-search/api/reverse-place';
import { isApiError } from '../../../lib/errors';

type Point = { lat: number; lng: number };

const coordinates = (p: Point) => `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`;

/**
 * "Where am I?" (issue 32): the nearest address to the phone's last position, in words, for a driver who must say
 * where they are (to the office, to a recipient on the phone). Asked on a tap, not at every fix: the geocoder is
 * shared and rate-limited. Not shown without a geocoder or before the first fix.
 */
export function WhereAmI({ point }: { point: Point | null }) {
  const config = usePlacesConfig();
  const [asked, setAsked] = useState<Point | null>(null);
  const nearest = useQuery({
    queryKey: ['places', 'reverse', asked?.lat, asked?.lng],
    queryFn: ({ signal }) => reversePlace(asked!, signal),
    enabled: asked !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
  if (!point || !config || config.provider === 'none') return null;

  let answer: string | null = null;
  if (asked && nearest.isError)
    answer =
      isApiError(nearest.error, 503) || isApiError(nearest.error, 429)
        ? nearest.error.message
        : 'Could not find the address here: try again in a moment.';
  else if (asked && nearest.data !== undefined)
    answer = nearest.data
      ? `You are near ${nearest.data.label}.`
      : `No address is known here (${coordinates(asked)}).`;

  return (
    <Group gap="xs" wrap="wrap" data-testid="where-am-i">
      <Button
        variant="light"
        size="sm"
        h={40}
        leftSection={<IconCurrentLocation size={18} aria-hidden />}
        loading={nearest.isFetching}
        onClick={() => setAsked({ lat: point.lat, lng: point.lng })}
      >
        Where am I?
      </Button>
      {answer ? (
        <Text size="sm" role="status" data-testid="where-am-i-answer" style={{ flex: '1 1 12rem' }}>
          {answer}
        </Text>
      ) : null}
    </Group>
  );
}
