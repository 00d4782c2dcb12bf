import type { Scheme } from './base-map/base-style';

/** Colours of the route line (MapLibre cannot read CSS variables): Mantine's gray and dark scales. */
export const MAP_COLORS: Record<Scheme, { route: string; routeCasing: string }> = {
  light: { route: '#495057', routeCasing: '#ffffff' },
  dark: { route: '#ced4da', routeCasing: '#141414' },
};
