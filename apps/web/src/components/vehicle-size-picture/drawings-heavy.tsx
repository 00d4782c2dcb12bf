import type { ReactNode } from 'react';
import { Wheel } from './drawings-light';

export const carSuv: ReactNode = (
  <>
    <path d="M8 44 V28 Q8 24 13 23 L22 22 L30 12 Q32 10 36 10 H74 Q78 10 80 13 L84 22 Q90 23 90 29 V44 Z" />
    <path d="M33 14 L26 22 H48 V14 Z M52 14 V22 H80 L77 14 Z" />
    <path d="M36 8 H72" />
    <Wheel cx={24} r={9} />
    <Wheel cx={74} r={9} />
  </>
);

export const carEstate: ReactNode = (
  <>
    <path d="M6 44 V30 Q6 26 11 25 L24 24 L34 15 Q36 13 40 13 H86 Q90 13 90 17 V44 Z" />
    <path d="M37 16 L29 24 H50 V16 Z M54 16 V24 H86 V16 Z" />
    <Wheel cx={22} r={8} />
    <Wheel cx={74} r={8} />
  </>
);

export const vanSmall: ReactNode = (
  <>
    <path d="M10 44 V15 Q10 11 14 11 H60 Q64 11 66 14 L74 25 L84 27 Q88 28 88 32 V44 Z" />
    <path d="M62 15 H67 L72 25 H62 Z" />
    <path d="M44 14 V40" />
    <Wheel cx={26} r={8} />
    <Wheel cx={72} r={8} />
  </>
);

export const vanMedium: ReactNode = (
  <>
    <path d="M6 44 V11 Q6 7 10 7 H64 Q68 7 70 10 L80 24 L88 26 Q92 27 92 31 V44 Z" />
    <path d="M66 11 H70 L77 24 H66 Z" />
    <path d="M46 10 V40" />
    <Wheel cx={22} r={8} />
    <Wheel cx={76} r={8} />
  </>
);

export const vanLarge: ReactNode = (
  <>
    <path d="M4 44 V6 Q4 2 8 2 H66 Q70 2 71 5 L74 12 L82 25 L89 27 Q93 28 93 32 V44 Z" />
    <path d="M68 12 H74 L80 25 H68 Z" />
    <path d="M48 5 V40" />
    <Wheel cx={20} r={8} />
    <Wheel cx={78} r={8} />
  </>
);

export const vanExtraLarge: ReactNode = (
  <>
    <rect x={3} y={2} width={62} height={38} rx={2} />
    <path d="M65 44 V14 H76 Q79 14 80 16 L86 27 Q92 28 92 33 V44 Z" />
    <path d="M69 18 H76 L81 27 H69 Z" />
    <path d="M3 44 H65" />
    <Wheel cx={18} r={8} />
    <Wheel cx={78} r={8} />
  </>
);

export const truckLight: ReactNode = (
  <>
    <rect x={8} y={12} width={52} height={28} rx={2} />
    <path d="M62 44 V18 H74 Q77 18 78 20 L84 29 Q90 30 90 34 V44 Z" />
    <path d="M66 22 H74 L79 29 H66 Z" />
    <path d="M8 44 H62" />
    <Wheel cx={22} r={7} />
    <Wheel cx={77} r={7} />
  </>
);

export const truckMedium: ReactNode = (
  <>
    <rect x={4} y={6} width={58} height={34} rx={2} />
    <path d="M64 44 V12 H78 Q81 12 82 14 L88 26 Q92 27 92 31 V44 Z" />
    <path d="M68 16 H78 L84 26 H68 Z" />
    <path d="M4 44 H64" />
    <Wheel cx={18} r={8} />
    <Wheel cx={36} r={8} />
    <Wheel cx={80} r={8} />
  </>
);

export const truckHeavy: ReactNode = (
  <>
    <rect x={2} y={2} width={62} height={38} rx={2} />
    <path d="M66 44 V6 H82 Q86 6 87 9 L92 22 V44 Z" />
    <path d="M70 10 H82 L86 22 H70 Z" />
    <path d="M2 44 H66" />
    <Wheel cx={14} r={8} />
    <Wheel cx={32} r={8} />
    <Wheel cx={50} r={8} />
    <Wheel cx={82} r={8} />
  </>
);

export const truckSemi: ReactNode = (
  <>
    <rect x={2} y={4} width={66} height={34} rx={2} />
    <path d="M2 41 H68" />
    <path d="M70 44 V8 H84 Q88 8 89 11 L94 24 V44 Z" />
    <path d="M74 12 H84 L88 24 H74 Z" />
    <Wheel cx={12} r={7} />
    <Wheel cx={28} r={7} />
    <Wheel cx={60} r={7} />
    <Wheel cx={86} r={7} />
  </>
);
