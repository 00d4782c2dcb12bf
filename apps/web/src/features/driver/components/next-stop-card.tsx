import type { DriverDelivery, DriverStop } from '@courier/contract';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBrandApple,
  IconBrandGoogleMaps,
  IconNavigation,
  IconPackage,
  IconPhone,
} from '@tabler/icons-react';
import { displayName } from '@courier/contract';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { navigationLinks, orderedStops, stopSummary, telLink } from '../stops';
import { RecipientInstructionsNote } from './recipient-instructions';
import { StopKindBadge, WindowLine } from './stop-bits';

function Contacts({ stop }: { stop: DriverStop }) {
  if (stop.contacts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No contact for this stop.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {stop.contacts.map((c) => {
        const name = displayName(c) || c.companyName || 'Contact';
        return (
          <Group key={c.uuid} justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} miw={0}>
              <Text fw={600} truncate>
                {name}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {[c.companyName && c.companyName !== name ? c.companyName : null, c.phoneNumber]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            {c.phoneNumber ? (
              <Button
                component="a"
                href={telLink(c.phoneNumber)}
                size="md"
                h={48}
                variant="light"
                color="teal"
                leftSection={<IconPhone size={20} />}
                aria-label={`Call ${name}`}
                style={{ flexShrink: 0 }}
              >
                Call
              </Button>
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}

/**
 * The stop to go to now, large: where, when, what to do, what the recipient asked, who to call, and the way there.
 */
export function NextStopCard({ delivery, stop }: { delivery: DriverDelivery; stop: DriverStop }) {
  const summary = stopSummary(delivery, stop);
  const links = navigationLinks(stop);
  const taskTypes = useLookup('deliveryStepTaskTypes');
  const extraTasks = [...stop.tasks]
    .sort((a, b) => a.taskOrderNo - b.taskOrderNo)
    .filter((t) => !['pickup', 'dropoff'].includes(t.deliveryStepTaskTypeSlug));
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="next-stop-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="sm" tt="uppercase" c="dimmed" id="next-stop-title">
            Next stop · {summary.number} of {orderedStops(delivery).length}
          </Title>
          <StopKindBadge kind={summary.kind} size="lg" />
        </Group>
        <Text fz={26} fw={800} lh={1.2} style={{ overflowWrap: 'anywhere' }} data-testid="next-stop-address">
          {summary.address}
        </Text>
        <WindowLine window={summary.window} kind={summary.kind} size="md" />
        <Group gap={8} wrap="wrap">
          <IconPackage size={20} aria-hidden />
          <Text fz="lg" fw={700}>
            {summary.todo}
          </Text>
          {extraTasks.map((t) => (
            <Badge key={t.uuid} variant="light" color="gray" tt="none" size="lg">
              {taskTypes.labelOf(t.deliveryStepTaskTypeSlug)}
            </Badge>
          ))}
        </Group>
        {stop.recipientInstructions ? (
          <RecipientInstructionsNote instructions={stop.recipientInstructions} />
        ) : null}
        {links ? (
          <Stack gap="xs">
            <Button
              component="a"
              href={links.geo}
              size="lg"
              h={56}
              fullWidth
              leftSection={<IconNavigation size={22} />}
            >
              Navigate
            </Button>
            <SimpleGrid cols={2} spacing="xs">
              <Button
                component="a"
                href={links.google}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                h={48}
                leftSection={<IconBrandGoogleMaps size={18} />}
              >
                Google Maps
              </Button>
              <Button
                component="a"
                href={links.apple}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                h={48}
                leftSection={<IconBrandApple size={18} />}
              >
                Apple Maps
              </Button>
            </SimpleGrid>
          </Stack>
        ) : null}
        <Contacts stop={stop} />
      </Stack>
    </Card>
  );
}
