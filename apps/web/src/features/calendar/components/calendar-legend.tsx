import { COMPANY_EVENT_COLOUR, DELIVERY_CALENDAR_COLOURS, type LiveStatus } from '@courier/contract';
import { Group, Text } from '@mantine/core';
import { useLookup } from '../../../lib/lookups/get-lookup';

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap" component="li">
      <span
        aria-hidden
        style={{
          width: 12,
          height: 12,
          borderRadius: 3,
          background: color,
          display: 'inline-block',
          flexShrink: 0,
        }}
      />
      <Text size="xs">{label}</Text>
    </Group>
  );
}

/** What each colour means: delivery windows by live status, and company events. */
export function CalendarLegend() {
  const statuses = useLookup('deliveryLiveStatuses');
  const entries = Object.entries(DELIVERY_CALENDAR_COLOURS) as [LiveStatus, string][];
  return (
    <Group
      gap="md"
      wrap="wrap"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Colour legend"
    >
      {entries.map(([slug, color]) => (
        <Swatch key={slug} color={color} label={statuses.labelOf(slug)} />
      ))}
      <Swatch color={COMPANY_EVENT_COLOUR} label="Company event" />
    </Group>
  );
}
