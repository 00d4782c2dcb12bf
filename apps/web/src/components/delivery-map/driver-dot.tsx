import type { HTMLAttributes } from 'react';
import classes from './step-map.module.css';

/**
 * The driver on a map: a blue dot, grey once no position has come for a while (`stale`), with an arrow on its ring
 * turned to the way they are going when the phone gave a heading (degrees from north). `rest` carries what a screen
 * adds for tests and support (the position it stands for).
 */
export function DriverDot({
  stale,
  label,
  heading = null,
  ...rest
}: { stale: boolean; label: string; heading?: number | null | undefined } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={classes.driver}
      data-stale={stale || undefined}
      role="img"
      aria-label={label}
      title={label}
      data-testid="driver-marker"
      {...rest}
    >
      {heading !== null ? (
        <span
          className={classes.driverHeading}
          style={{ transform: `rotate(${heading}deg)` }}
          data-testid="driver-heading"
          data-heading={Math.round(heading)}
          aria-hidden
        />
      ) : null}
    </div>
  );
}
