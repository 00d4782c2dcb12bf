import type { Scheme } from './base-map/base-style';

/** Colours of the route line (MapLibre cannot read CSS variables): Mantine's gray and dark scales. */
export const MAP_COLORS: Record<Scheme, { route: string; routeCasing: string; track: string }> = {
  light: { route: '#495057', routeCasing: '#ffffff', track: '#4361ee' },
  dark: { route: '#ced4da', routeCasing: '#141414', track: '#748ffc' },
};
