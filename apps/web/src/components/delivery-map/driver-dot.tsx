import type { HTMLAttributes } from 'react';
import classes from './step-map.module.css';

/**
 * The driver on a map: a blue dot, grey once no position has come for a while (`stale`). `rest` carries what a
 * screen adds for tests and support (the position it stands for).
 */
export function DriverDot({
  stale,
  label,
  ...rest
}: { stale: boolean; label: string } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={classes.driver}
      data-stale={stale || undefined}
      role="img"
      aria-label={label}
      title={label}
      data-testid="driver-marker"
      {...rest}
    />
  );
}
