import type { ReactNode } from 'react';

/**
 * Line drawings on a 96 x 56 canvas with the ground at y = 50, stroked in `currentColor` so they follow the text
 * colour in light and dark mode. Wheels are filled with the page's body colour so they sit in front of the body.
 */
export function Wheel({ cx, r }: { cx: number; r: number }) {
  return (
    <>
      <circle cx={cx} cy={50 - r} r={r} fill="var(--mantine-color-body)" />
      <circle cx={cx} cy={50 - r} r={Math.max(1.5, r / 3.5)} />
    </>
  );
}

export const foot: ReactNode = (
  <>
    <circle cx={46} cy={9} r={5} />
    <path d="M46 15 L45 32" />
    <path d="M46 19 L37 27 M46 19 L54 24" />
    <path d="M45 32 L38 49 M45 32 L53 49" />
    <rect x={54} y={22} width={12} height={10} rx={1.5} />
    <path d="M54 27 H66" />
  </>
);

export const bicycle: ReactNode = (
  <>
    <Wheel cx={26} r={12} />
    <Wheel cx={70} r={12} />
    <path d="M26 38 L42 38 L58 22 L38 22 Z" />
    <path d="M42 38 L35 16 M30 16 H40" />
    <path d="M70 38 L60 14 M56 14 H64" />
  </>
);

export const bicycleCargo: ReactNode = (
  <>
    <rect x={46} y={20} width={26} height={18} rx={2} />
    <path d="M18 40 H84" />
    <path d="M18 40 L30 24 H40 L36 40 M36 40 L30 18 M25 18 H35" />
    <path d="M40 24 L42 12 M38 12 H46" />
    <Wheel cx={18} r={10} />
    <Wheel cx={82} r={8} />
  </>
);

export const motorcycle: ReactNode = (
  <>
    <Wheel cx={22} r={11} />
    <Wheel cx={74} r={11} />
    <rect x={8} y={14} width={18} height={14} rx={2} />
    <path d="M22 39 L34 30 L60 30 L74 39" />
    <path d="M30 30 Q34 22 44 22 L58 22 L60 30" />
    <path d="M60 30 L66 14 M62 12 H72" />
    <path d="M40 38 H54" />
  </>
);

export const carCompact: ReactNode = (
  <>
    <path d="M20 44 V34 Q20 29 26 28 L34 19 Q36 17 40 17 H58 Q62 17 64 20 L70 28 Q78 29 78 35 V44 Z" />
    <path d="M37 20 L32 28 H48 V20 Z M52 20 V28 H66 L61 20 Z" />
    <Wheel cx={32} r={7} />
    <Wheel cx={66} r={7} />
  </>
);

export const carSedan: ReactNode = (
  <>
    <path d="M8 44 V34 Q8 29 14 28 L30 27 L40 17 Q42 15 46 15 H62 Q66 15 68 18 L76 27 L86 29 Q90 30 90 35 V44 Z" />
    <path d="M43 18 L36 27 H53 V18 Z M57 18 V27 H71 L65 18 Z" />
    <Wheel cx={24} r={8} />
    <Wheel cx={74} r={8} />
  </>
);
