import {
  Button,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCheck, IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { usePlacesConfig } from '../../../components/address-search/api/get-places-config';
import { keptPoint } from '../../../components/address-search/address-point';
import { AddressSearch } from '../../../components/address-search/address-search';

/** The depot as the form holds it: a name and its point (empty inputs for no depot). */
export interface DepotValues {
  label: string;
  lat: number | string;
  lng: number | string;
}

type DepotForm = Pick<
  UseFormReturnType<{ depot: DepotValues }>,
  'getInputProps' | 'setFieldValue' | 'values' | 'errors'
>;

const format = (n: number) => n.toFixed(5);

/**
 * The depot is an address like any other (issue 32): found with the address search, whose pick names it and keeps
 * its point. The coordinates stay at hand behind a toggle, and are the only way where the server has no geocoder
 * (an install that reaches no third party).
 */
export function DepotFields({ form }: { form: DepotForm }) {
  const config = usePlacesConfig();
  const [coordinatesAsked, setCoordinatesAsked] = useState(false);
  const depot = form.values.depot;
  const point = keptPoint({ lat: depot.lat, lng: depot.lng, placement: '', placeLabel: '' });
  const searchOff = config?.provider === 'none';
  const coordinateError = Boolean(form.errors['depot.lat'] ?? form.errors['depot.lng']);
  const coordinatesShown = coordinatesAsked || searchOff || coordinateError;
  return (
    <Fieldset legend="Depot" radius="md">
      <Text size="xs" c="dimmed" mb="xs">
        Where your vehicles start: distances to pickups are measured from here. Without it there is no
        suggested price and no announcements of new auctions.
      </Text>
      <Stack gap="sm">
        <AddressSearch
          label="Search for the depot's address"
          near={point}
          onPick={(place) => {
            form.setFieldValue('depot.label', place.label);
            form.setFieldValue('depot.lat', place.lat);
            form.setFieldValue('depot.lng', place.lng);
          }}
        />
        <TextInput label="Label" placeholder="Hackney depot" {...form.getInputProps('depot.label')} />
        <Group gap={6} wrap="nowrap" align="flex-start" aria-live="polite">
          <ThemeIcon size={18} radius="xl" variant="light" color={point ? 'teal' : 'gray'} aria-hidden>
            {point ? <IconCheck size={12} /> : <IconMapPin size={12} />}
          </ThemeIcon>
          <Text size="xs" c={point ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
            {point
              ? `On the map: ${depot.label.trim() || 'the depot'} (${format(point.lat)}, ${format(point.lng)})`
              : searchOff
                ? 'No depot yet: enter its coordinates'
                : 'No depot yet: search for its address'}
          </Text>
        </Group>
        {searchOff ? null : (
          <Button
            variant="subtle"
            size="compact-sm"
            style={{ alignSelf: 'flex-start' }}
            aria-expanded={coordinatesShown}
            onClick={() => setCoordinatesAsked((asked) => !asked)}
            disabled={coordinateError}
          >
            {coordinatesShown ? 'Hide the coordinates' : 'Enter coordinates instead'}
          </Button>
        )}
        {coordinatesShown ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberInput
              label="Latitude"
              min={-90}
              max={90}
              decimalScale={6}
              {...form.getInputProps('depot.lat')}
            />
            <NumberInput
              label="Longitude"
              min={-180}
              max={180}
              decimalScale={6}
              {...form.getInputProps('depot.lng')}
            />
          </SimpleGrid>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
