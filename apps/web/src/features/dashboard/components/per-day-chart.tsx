import { ColorSwatch, Group, Text, useMantineTheme } from '@mantine/core';
import { chartScale } from './chart-scale';

export interface DayCount {
  date: string;
  created: number;
  completed: number;
}

/** Created and completed deliveries per day as paired bars, in plain SVG that scales to its box. */
export function PerDayChart({ days }: { days: DayCount[] }) {
  const theme = useMantineTheme();
  const max = chartScale(days.flatMap((d) => [d.created, d.completed]));
  const width = Math.max(days.length, 1) * 24;
  const height = 120;
  const created = theme.colors.indigo[5];
  const completed = theme.colors.teal[5];
  const summary = days.map((d) => `${d.date}: ${d.created} created, ${d.completed} completed`).join('; ');
  return (
    <div>
      <svg
        viewBox={`0 0 ${width} ${height + 16}`}
        width="100%"
        height={150}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Deliveries per day. ${summary}`}
      >
        <line x1={0} x2={width} y1={height} y2={height} stroke="currentColor" strokeOpacity={0.2} />
        {days.map((d, i) => {
          const x = i * 24 + 3;
          const hc = (d.created / max) * (height - 4);
          const hd = (d.completed / max) * (height - 4);
          return (
            <g key={d.date}>
              <title>{`${d.date}: ${d.created} created, ${d.completed} completed`}</title>
              <rect x={x} y={height - hc} width={8} height={hc} rx={2} fill={created} />
              <rect x={x + 9} y={height - hd} width={8} height={hd} rx={2} fill={completed} />
            </g>
          );
        })}
      </svg>
      <Group justify="space-between" gap="xs" mt={4}>
        <Text size="xs" c="dimmed">
          {days[0]?.date.slice(5) ?? ''}
        </Text>
        <Group gap="sm">
          {/* A swatch, not coloured text: the bars' colours are too light for text (decision 041). */}
          <Group gap={4}>
            <ColorSwatch color={created} size={10} radius={2} withShadow={false} />
            <Text size="xs">Created</Text>
          </Group>
          <Group gap={4}>
            <ColorSwatch color={completed} size={10} radius={2} withShadow={false} />
            <Text size="xs">Completed</Text>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {days.at(-1)?.date.slice(5) ?? ''}
        </Text>
      </Group>
    </div>
  );
}
