// The schemas of the notifications calls' params, queries, bodies and answers, apart from the calls (notifications.calls.ts): a call
// needs none of them in the browser, whose first screens load no zod (decision 050).
import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from '../common.js';
import { NOTIFICATION_KINDS, NOTIFICATIONS } from './notifications.constants.js';

export const NotificationSchema = z.object({
  uuid: UuidSchema,
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  message: z.string(),
  /** The screen it is about (a delivery, an auction), as an app path; null when none. */
  link: z.string().nullable(),
  /** The company it came from (the user may belong to several). */
  company: z.object({ uuid: UuidSchema, name: z.string() }).nullable(),
  readAt: IsoDateTimeSchema.nullable(),
  createdAt: IsoDateTimeSchema,
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationSummarySchema = z.object({
  unread: z.number().int(),
  /** The newest unread ones, newest first. */
  latest: z.array(NotificationSchema),
});
export type NotificationSummary = z.infer<typeof NotificationSummarySchema>;

export const NotificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(NOTIFICATIONS.pageMax).default(25),
  /** `true`: only the unread ones. */
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const NotificationParamsSchema = z.object({ notificationUuid: UuidSchema });

export const NotificationPreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  /** Kept and shown in the app. */
  inApp: z.boolean(),
  /** Also sent by e-mail (through the mail transport; default NOTIFICATION_EMAIL_DEFAULTS). */
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;

export const NotificationPreferencesSchema = z.array(NotificationPreferenceSchema);

export const NotificationPreferencesBodySchema = z.object({
  preferences: z
    .array(NotificationPreferenceSchema)
    .max(NOTIFICATION_KINDS.length)
    .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, 'Give each kind once.'),
});
export type NotificationPreferencesBody = z.infer<typeof NotificationPreferencesBodySchema>;
