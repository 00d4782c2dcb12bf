import {
  DEFAULT_RECIPIENT_TEMPLATES,
  RECIPIENT_MESSAGE_KINDS,
  UpdateRecipientMessageSettingsBodySchema,
  type RecipientChannelChoice,
  type RecipientMessageKind,
  type RecipientMessageSettings,
  type UpdateRecipientMessageSettingsBody,
} from '@courier/contract';
import type { FormErrors } from '@mantine/form';
import { validateWith } from '../../lib/zod-form';

/** One message kind as the form holds it: the body's own names, so a 422's paths land on the fields. */
export interface KindValues {
  kind: RecipientMessageKind;
  channels: RecipientChannelChoice;
  smsBody: string;
  emailSubject: string;
  emailBody: string;
}

export interface SettingsValues {
  /** A number input's value: '' while it is emptied. */
  arrivingSoonMinutes: number | string;
  quietFrom: string;
  quietUntil: string;
  sendAtNight: boolean;
  /** One per kind, in the kinds' order (the body's `templates.<i>`). */
  templates: KindValues[];
}

export type TemplateField = 'smsBody' | 'emailSubject' | 'emailBody';

export const sendsSms = (channels: RecipientChannelChoice) => channels === 'sms' || channels === 'both';
export const sendsEmail = (channels: RecipientChannelChoice) => channels === 'email' || channels === 'both';

/** Whether a kind's channel choice writes with this field (the SMS body for text messages, the rest for e-mail). */
export const usesField = (channels: RecipientChannelChoice, field: TemplateField) =>
  field === 'smsBody' ? sendsSms(channels) : sendsEmail(channels);

/** The server's settings as the form's values: every kind once, in the kinds' order, the contract's words if absent. */
export function toValues(settings: RecipientMessageSettings): SettingsValues {
  return {
    arrivingSoonMinutes: settings.arrivingSoonMinutes,
    quietFrom: settings.quietFrom,
    quietUntil: settings.quietUntil,
    sendAtNight: settings.sendAtNight,
    templates: RECIPIENT_MESSAGE_KINDS.map((kind) => {
      const saved = settings.templates.find((t) => t.kind === kind) ?? DEFAULT_RECIPIENT_TEMPLATES[kind];
      return {
        kind,
        channels: saved.channels,
        smsBody: saved.smsBody,
        emailSubject: saved.emailSubject,
        emailBody: saved.emailBody,
      };
    }),
  };
}

export function toBody(values: SettingsValues): UpdateRecipientMessageSettingsBody {
  const minutes = values.arrivingSoonMinutes;
  return {
    arrivingSoonMinutes: minutes === '' ? Number.NaN : Number(minutes),
    quietFrom: values.quietFrom,
    quietUntil: values.quietUntil,
    sendAtNight: values.sendAtNight,
    templates: values.templates.map((t) => ({ ...t })),
  };
}

/** The contract's words for a kind, its channel kept: what "Reset to default" puts back. */
export function withDefaultWords(values: KindValues): KindValues {
  const { smsBody, emailSubject, emailBody } = DEFAULT_RECIPIENT_TEMPLATES[values.kind];
  return { ...values, smsBody, emailSubject, emailBody };
}

export function hasDefaultWords(values: KindValues): boolean {
  const d = DEFAULT_RECIPIENT_TEMPLATES[values.kind];
  return (
    values.smsBody.trim() === d.smsBody &&
    values.emailSubject.trim() === d.emailSubject &&
    values.emailBody.trim() === d.emailBody
  );
}

const FIELD_NAMES: Record<TemplateField, string> = {
  smsBody: 'The text message',
  emailSubject: "The e-mail's subject",
  emailBody: 'The e-mail',
};

const TEMPLATE_PATH = /^templates\.(\d+)\.(smsBody|emailSubject|emailBody)$/;

/**
 * Errors as the screen can show them: an error on words the kind's channel does not use (their field is hidden)
 * goes on that kind's channel choice, saying which words and why, instead of on a field nobody can see.
 */
export function placeErrors(values: SettingsValues, errors: Record<string, unknown>): FormErrors {
  const placed: FormErrors = {};
  for (const [path, error] of Object.entries(errors)) {
    // The schema's and the server's messages are text; anything else has no words to show.
    if (typeof error !== 'string' || error === '') continue;
    const m = TEMPLATE_PATH.exec(path);
    const field = m?.[2] as TemplateField | undefined;
    const kind = m ? values.templates[Number(m[1])] : undefined;
    if (m && field && kind && !usesField(kind.channels, field)) {
      placed[`templates.${m[1]}.channels`] ??=
        `${FIELD_NAMES[field]} (not sent now): ${error} Choose its channel to change it, or reset to default.`;
      continue;
    }
    placed[path] ??= error;
  }
  return placed;
}

const checkBody = validateWith(UpdateRecipientMessageSettingsBodySchema, toBody);

/** The form's validation: the body's own schema (the server's), its errors placed where they show. */
export const validateSettings = (values: SettingsValues): FormErrors =>
  placeErrors(values, checkBody(values));

/**
 * A time of day as typed ("9:00", "2100", "21.00", "7h30") written the contract's way ("09:00", "21:00"); anything
 * else is left as typed, for the schema to name.
 */
export function tidyTimeOfDay(text: string): string {
  const m = /^\s*(\d{1,2})\s*[:.h]?\s*(\d{2})\s*$/i.exec(text);
  if (!m) return text;
  const [hours, minutes] = [Number(m[1]), Number(m[2])];
  if (hours > 23 || minutes > 59) return text;
  return `${String(hours).padStart(2, '0')}:${m[2]}`;
}
