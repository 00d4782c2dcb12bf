import { VEHICLE_SIZES, type VehicleSizeSlug } from '@courier/contract';
import type { CSSProperties, ReactNode } from 'react';
import * as heavy from './drawings-heavy';
import * as light from './drawings-light';

type PicturedSize = Exclude<VehicleSizeSlug, 'unknown'>;

const DRAWINGS: Record<PicturedSize, ReactNode> = {
  foot: light.foot,
  bicycle: light.bicycle,
  'bicycle-cargo': light.bicycleCargo,
  motorcycle: light.motorcycle,
  'car-compact': light.carCompact,
  'car-sedan': light.carSedan,
  'car-suv': heavy.carSuv,
  'car-estate': heavy.carEstate,
  'van-small': heavy.vanSmall,
  'van-medium': heavy.vanMedium,
  'van-large': heavy.vanLarge,
  'van-extra-large': heavy.vanExtraLarge,
  'truck-light': heavy.truckLight,
  'truck-medium': heavy.truckMedium,
  'truck-heavy': heavy.truckHeavy,
  'truck-semi': heavy.truckSemi,
};

/** A dashed frame with a question mark: the spec's placeholder for an unknown (or missing) size. */
const PLACEHOLDER: ReactNode = (
  <>
    <rect x={22} y={6} width={52} height={40} rx={8} strokeDasharray="5 5" />
    <path d="M41 20 Q41 14 48 14 Q55 14 55 20 Q55 25 48 27 V31" />
    <circle cx={48} cy={37} r={1.2} fill="currentColor" />
  </>
);

export const PLACEHOLDER_PICTURE = 'placeholder';

/** Which picture a size gets: its own, or the placeholder for "unknown", a missing size and any other value. */
export function pictureKeyFor(size: string | null | undefined): PicturedSize | typeof PLACEHOLDER_PICTURE {
  if (!size || size === 'unknown' || !(VEHICLE_SIZES as readonly string[]).includes(size)) {
    return PLACEHOLDER_PICTURE;
  }
  return size as PicturedSize;
}

/** What a picture draws on its 96 x 56 canvas: the ground line, then the size's drawing or the placeholder. */
export function pictureDrawing(key: ReturnType<typeof pictureKeyFor>): ReactNode {
  return (
    <>
      <path d="M2 50.5 H94" strokeWidth={1.2} opacity={0.35} />
      {key === PLACEHOLDER_PICTURE ? PLACEHOLDER : DRAWINGS[key]}
    </>
  );
}

/**
 * The picture of a vehicle size (spec section 3: each size maps to a picture, unknown falls back to a
 * placeholder). Decorative unless `label` is given, in which case it is an image with that name.
 */
export function VehicleSizePicture({
  size,
  width = 72,
  label,
  style,
}: {
  size: string | null | undefined;
  width?: number;
  label?: string;
  style?: CSSProperties;
}) {
  const key = pictureKeyFor(size);
  return (
    <svg
      viewBox="0 0 96 56"
      width={width}
      height={(width * 56) / 96}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.4}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-picture={key}
      style={{ flexShrink: 0, ...style }}
    >
      {label ? <title>{label}</title> : null}
      {pictureDrawing(key)}
    </svg>
  );
}
