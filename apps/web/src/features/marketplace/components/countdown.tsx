import { Text, type TextProps } from '@mantine/core';
import { useNow } from '../../../lib/use-now';
import { formatCountdown } from '../auction-format';

/** Time left until `until`, ticking every second; red in the last hour. */
export function Countdown({ until, ...props }: { until: string } & TextProps) {
  const now = useNow(1000);
  const left = Date.parse(until) - now;
  return (
    <Text
      component="span"
      fw={700}
      c={left <= 0 ? 'dimmed' : left < 3_600_000 ? 'red' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums' }}
      {...props}
    >
      {formatCountdown(left)}
    </Text>
  );
}
