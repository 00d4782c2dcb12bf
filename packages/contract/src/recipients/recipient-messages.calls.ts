import { z } from 'zod';
import { defineCall } from '../api/define-call.js';
import { IsoDateTimeSchema, UuidSchema } from '../common.js';
import { CompanyParamsSchema, DeliveryParamsSchema } from '../params.js';
import {
  RECIPIENT_CHANNEL_CHOICES,
  RECIPIENT_CHANNELS,
  RECIPIENT_MESSAGE_KINDS,
  RECIPIENT_MESSAGE_STATUSES,
  RECIPIENT_MESSAGES,
  RECIPIENT_PLACEHOLDERS,
  minutesOfDay,
  unknownPlaceholders,
} from './recipient-messages.constants.js';

/** The settings screen of the messages to recipients (a web route). */
export const RECIPIENT_MESSAGES_PATH = '/AccountPages/RecipientMessages';
/**
 * Twilio's callbacks (form posts signed with `X-Twilio-Signature`): a message's delivery status, and a text from a
 * recipient (STOP, START).
 */
export const TWILIO_STATUS_PATH = '/recipient-messages/twilio/status';
export const TWILIO_INBOUND_PATH = '/recipient-messages/twilio/inbound';
/** The public page an e-mail's "stop these messages" link opens (`?t=` carries the token). */
export const RECIPIENT_OPT_OUT_PATH = '/stop-messages';

const placeholdersKnown = (text: string) => unknownPlaceholders(text).length === 0;
const unknownMessage = (text: string) =>
  `Unknown placeholder ${unknownPlaceholders(text).join(', ')}: use ${Object.keys(RECIPIENT_PLACEHOLDERS)
    .map((p) => `{${p}}`)
    .join(', ')}.`;

const TemplateText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .superRefine((text, ctx) => {
      if (!placeholdersKnown(text)) ctx.addIssue({ code: 'custom', message: unknownMessage(text) });
    });

const TimeOfDaySchema = z
  .string()
  .refine((t) => minutesOfDay(t) !== null, 'Enter a time of day as HH:MM (for example 21:00).');

export const RecipientTemplateSchema = z.object({
  kind: z.enum(RECIPIENT_MESSAGE_KINDS),
  channels: z.enum(RECIPIENT_CHANNEL_CHOICES, 'Choose how it goes out.'),
  smsBody: TemplateText(RECIPIENT_MESSAGES.smsMaxChars),
  emailSubject: TemplateText(RECIPIENT_MESSAGES.emailSubjectMaxChars),
  emailBody: TemplateText(RECIPIENT_MESSAGES.emailBodyMaxChars),
});
export type RecipientTemplateInput = z.input<typeof RecipientTemplateSchema>;

/** A company's messages to recipients, as its settings screen shows them. */
export const RecipientMessageSettingsSchema = z.object({
  arrivingSoonMinutes: z.number().int(),
  quietFrom: z.string(),
  quietUntil: z.string(),
  sendAtNight: z.boolean(),
  /** One per kind, in the kinds' order; `isDefault` while the company has not changed it. */
  templates: z.array(
    z.object({
      kind: z.enum(RECIPIENT_MESSAGE_KINDS),
      channels: z.enum(RECIPIENT_CHANNEL_CHOICES),
      smsBody: z.string(),
      emailSubject: z.string(),
      emailBody: z.string(),
      isDefault: z.boolean(),
    }),
  ),
  /** How text messages leave this server: `twilio`, or `outbox` (none configured: kept for the platform admin). */
  smsProvider: z.enum(['twilio', 'outbox']),
  /** How e-mail leaves: `smtp`, or `outbox`. */
  emailTransport: z.enum(['smtp', 'outbox']),
  /** The country whose numbers may be written without their international prefix. */
  defaultCountry: z.string(),
});
export type RecipientMessageSettings = z.infer<typeof RecipientMessageSettingsSchema>;

export const UpdateRecipientMessageSettingsBodySchema = z
  .object({
    arrivingSoonMinutes: z
      .number('Enter a number of minutes.')
      .int('Enter whole minutes.')
      .min(
        RECIPIENT_MESSAGES.arrivingSoonMinutesMin,
        `At least ${RECIPIENT_MESSAGES.arrivingSoonMinutesMin} minutes.`,
      )
      .max(
        RECIPIENT_MESSAGES.arrivingSoonMinutesMax,
        `At most ${RECIPIENT_MESSAGES.arrivingSoonMinutesMax} minutes.`,
      ),
    quietFrom: TimeOfDaySchema,
    quietUntil: TimeOfDaySchema,
    sendAtNight: z.boolean(),
    templates: z
      .array(RecipientTemplateSchema)
      .refine((t) => new Set(t.map((x) => x.kind)).size === t.length, 'Each message once.'),
  })
  .superRefine((body, ctx) => {
    body.templates.forEach((t, i) => {
      const sends = (channel: 'sms' | 'email') => t.channels === channel || t.channels === 'both';
      if (sends('sms') && t.smsBody === '')
        ctx.addIssue({
          code: 'custom',
          path: ['templates', i, 'smsBody'],
          message: 'Write the text message.',
        });
      if (sends('email') && t.emailSubject === '')
        ctx.addIssue({ code: 'custom', path: ['templates', i, 'emailSubject'], message: 'Write a subject.' });
      if (sends('email') && t.emailBody === '')
        ctx.addIssue({ code: 'custom', path: ['templates', i, 'emailBody'], message: 'Write the e-mail.' });
    });
  });
export type UpdateRecipientMessageSettingsBody = z.input<typeof UpdateRecipientMessageSettingsBodySchema>;

/** One message to a recipient of a delivery, as the delivery page's log shows it. */
export const RecipientMessageSchema = z.object({
  uuid: UuidSchema,
  kind: z.enum(RECIPIENT_MESSAGE_KINDS),
  channel: z.enum(RECIPIENT_CHANNELS),
  /** The number (E.164) or e-mail address it went to. */
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.enum(RECIPIENT_MESSAGE_STATUSES),
  /** `twilio`, `smtp` or `outbox`; null until it is sent. */
  provider: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  /** Held for quiet hours until then. */
  sendAfter: IsoDateTimeSchema.nullable(),
  sentAt: IsoDateTimeSchema.nullable(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type RecipientMessage = z.infer<typeof RecipientMessageSchema>;

export const OptOutParamsSchema = z.object({ token: z.string().max(512) });
export const OptOutSchema = z.object({
  companyName: z.string(),
  /** The address, partly hidden ("j•••@example.com"). */
  address: z.string(),
  optedOut: z.boolean(),
});
export type OptOut = z.infer<typeof OptOutSchema>;

const s = '/c/:companySlug/admin/recipient-messages';

export const recipientMessageCalls = {
  getRecipientMessageSettings: defineCall({
    method: 'GET',
    path: s,
    summary: 'Which messages recipients get, how, and in which words',
    params: CompanyParamsSchema,
    data: RecipientMessageSettingsSchema,
  }),
  updateRecipientMessageSettings: defineCall({
    method: 'PUT',
    path: s,
    summary: 'Saves which messages recipients get, how, and in which words',
    params: CompanyParamsSchema,
    body: UpdateRecipientMessageSettingsBodySchema,
    data: RecipientMessageSettingsSchema,
  }),
  listDeliveryRecipientMessages: defineCall({
    method: 'GET',
    path: '/c/:companySlug/admin/delivery/:deliveryUuid/recipient-message',
    summary: "The messages a delivery's recipients were sent, newest first",
    params: DeliveryParamsSchema,
    data: z.array(RecipientMessageSchema),
  }),
  getRecipientOptOut: defineCall({
    method: 'GET',
    path: '/recipient-messages/opt-out/:token',
    summary: "What an e-mail's stop link stops (public: the token is the credential)",
    params: OptOutParamsSchema,
    data: OptOutSchema,
  }),
  optOutRecipient: defineCall({
    method: 'POST',
    path: '/recipient-messages/opt-out/:token',
    summary: "Stops a company's messages to this address (public: the token is the credential)",
    params: OptOutParamsSchema,
    data: OptOutSchema,
  }),
};
