import { z } from 'zod';
import { DEFAULT_BID_RATES, THEME_VALUES } from './constants.js';

/** Client-side shapes of spec section 3 (theme, map, bid rates, header samples). */

export const ThemeConfigSchema = z.object({
  animation: z.string(),
  isDarkMode: z.boolean(),
  layout: z.enum(['full', 'boxed-layout']),
  locale: z.string().min(2),
  mainLayout: z.string(),
  menu: z.enum(['vertical', 'collapsible-vertical', 'horizontal']),
  navbar: z.enum(['navbar-sticky', 'navbar-floating', 'navbar-static']),
  pageTitle: z.string(),
  isSemiDark: z.boolean(),
  sidebar: z.boolean(),
  theme: z.enum(THEME_VALUES),
});
export type ThemeConfig = z.infer<typeof ThemeConfigSchema>;

export const BidRateValuesSchema = z.object({
  costPerDistance: z.number().min(0).default(DEFAULT_BID_RATES.costPerDistance),
  costPerHour: z.number().min(0).default(DEFAULT_BID_RATES.costPerHour),
  baseFare: z.number().min(0).default(DEFAULT_BID_RATES.baseFare),
});
export type BidRateValues = z.infer<typeof BidRateValuesSchema>;

export const MapVehicleSchema = z.object({ uuid: z.string(), lng: z.number(), lat: z.number() });
export const MapStateSchema = z.object({
  vehicles: z.record(z.string(), MapVehicleSchema),
  center: z.tuple([z.number(), z.number()]),
  zoom: z.number(),
  origin: z.tuple([z.number(), z.number()]).nullable(),
  destination: z.tuple([z.number(), z.number()]).nullable(),
});
export type MapState = z.infer<typeof MapStateSchema>;

export const HeaderMessageSchema = z.object({
  id: z.number().int(),
  image: z.string(),
  title: z.string(),
  message: z.string(),
  time: z.string(),
});
export const HeaderNotificationSchema = z.object({
  id: z.number().int(),
  profile: z.string(),
  message: z.string(),
  time: z.string(),
});

/**
 * Spec section 5: a longitude outside -180..180 or a latitude outside -90..90 is replaced by 0 (the caller warns).
 * Answers the point and whether anything was replaced.
 */
export function sanitizeCoordinates(point: { lng: number; lat: number }): {
  lng: number;
  lat: number;
  replaced: boolean;
} {
  const lngOk = Number.isFinite(point.lng) && point.lng >= -180 && point.lng <= 180;
  const latOk = Number.isFinite(point.lat) && point.lat >= -90 && point.lat <= 90;
  return { lng: lngOk ? point.lng : 0, lat: latOk ? point.lat : 0, replaced: !lngOk || !latOk };
}
