/**
 * Messages to a delivery's recipients (issue 36, decision 071): what goes out, by which channel, with which words.
 * The constants and the template rules live here so the settings screen's preview and counter and the server's
 * sending render and count the same way.
 */

/** The moments a recipient is told of, in the order a delivery meets them. */
export const RECIPIENT_MESSAGE_KINDS = [
  'on-the-way',
  'arriving-soon',
  'delivered',
  'failed',
  'rescheduled',
] as const;
export type RecipientMessageKind = (typeof RECIPIENT_MESSAGE_KINDS)[number];

export const RECIPIENT_MESSAGE_KIND_LABELS: Record<RecipientMessageKind, string> = {
  'on-the-way': 'On the way',
  'arriving-soon': 'Arriving soon',
  delivered: 'Delivered',
  failed: 'Delivery failed',
  rescheduled: 'Rescheduled',
};

export const RECIPIENT_MESSAGE_KIND_HINTS: Record<RecipientMessageKind, string> = {
  'on-the-way': 'When the driver sets off towards the recipient, with the tracking link.',
  'arriving-soon': 'Once, a chosen number of minutes before the estimated arrival.',
  delivered: 'When the delivery is done, with what proves it.',
  failed: 'When the driver could not deliver, with the reason.',
  rescheduled: 'When a failed delivery is planned again.',
};

/** How a moment goes out: not at all, by text message, by e-mail, or both (each where the contact has an address). */
export const RECIPIENT_CHANNEL_CHOICES = ['none', 'sms', 'email', 'both'] as const;
export type RecipientChannelChoice = (typeof RECIPIENT_CHANNEL_CHOICES)[number];

/** One message's way out. */
export const RECIPIENT_CHANNELS = ['sms', 'email'] as const;
export type RecipientChannel = (typeof RECIPIENT_CHANNELS)[number];

/**
 * A message's life: `queued` (a job will send it), `held` (quiet hours: sent when they end), `sent` (the provider
 * took it), `delivered` (the provider's callback says it arrived), `failed` (the provider refused it, or every try
 * failed), `undelivered` (the provider's callback says it never arrived), `opted-out` (the recipient asked for no more
 * messages from this company: not sent), `skipped` (not sent: it would have come too late — arriving soon in quiet
 * hours, or the delivery ended before a held message could go).
 */
export const RECIPIENT_MESSAGE_STATUSES = [
  'queued',
  'held',
  'sent',
  'delivered',
  'failed',
  'undelivered',
  'opted-out',
  'skipped',
] as const;
export type RecipientMessageStatus = (typeof RECIPIENT_MESSAGE_STATUSES)[number];

/** The words a template may hold, written `{name}`. */
export const RECIPIENT_PLACEHOLDERS = {
  recipient_name: "The recipient's first name",
  company: "The company's name",
  window: 'The delivery window ("Mon 30 Nov, 14:00–16:00")',
  eta: 'The estimated arrival time ("14:25")',
  tracking_link: 'The link to the tracking page',
  proof: 'What proves the delivery ("signed by J. Smith", "photo taken")',
  reason: 'Why the delivery failed',
} as const;
export type RecipientPlaceholder = keyof typeof RECIPIENT_PLACEHOLDERS;

export const RECIPIENT_MESSAGES = {
  arrivingSoonMinutesDefault: 10,
  arrivingSoonMinutesMin: 2,
  arrivingSoonMinutesMax: 120,
  /** Quiet hours, in the recipient's local time: nothing is sent between these (unless the company allows it). */
  quietFromDefault: '21:00',
  quietUntilDefault: '08:00',
  /** Longest text message a template may make (four segments of plain text). */
  smsMaxChars: 612,
  emailSubjectMaxChars: 200,
  emailBodyMaxChars: 5_000,
  /** The provider's refusals and time-outs are tried again this many times, with backoff up to an hour. */
  retryLimit: 8,
} as const;

export interface RecipientTemplate {
  channels: RecipientChannelChoice;
  smsBody: string;
  emailSubject: string;
  emailBody: string;
}

/** The words a company starts with; each is theirs to change. */
export const DEFAULT_RECIPIENT_TEMPLATES: Record<RecipientMessageKind, RecipientTemplate> = {
  'on-the-way': {
    channels: 'sms',
    smsBody:
      'Hi {recipient_name}, your delivery from {company} is on its way. Follow it live: {tracking_link}',
    emailSubject: 'Your delivery from {company} is on its way',
    emailBody:
      'Hi {recipient_name},\n\nYour delivery from {company} is on its way.\n\nFollow it live and leave instructions for the driver: {tracking_link}',
  },
  'arriving-soon': {
    channels: 'sms',
    smsBody: 'Hi {recipient_name}, your {company} driver arrives at about {eta}. {tracking_link}',
    emailSubject: 'Your delivery from {company} arrives at about {eta}',
    emailBody:
      'Hi {recipient_name},\n\nYour driver from {company} arrives at about {eta}.\n\nFollow them: {tracking_link}',
  },
  delivered: {
    channels: 'sms',
    smsBody: 'Delivered: your {company} parcel ({proof}). Details and rating: {tracking_link}',
    emailSubject: 'Your delivery from {company} was delivered',
    emailBody:
      'Hi {recipient_name},\n\nYour delivery from {company} was delivered: {proof}.\n\nSee the details and tell us how it went: {tracking_link}',
  },
  failed: {
    channels: 'sms',
    smsBody: '{company} could not deliver today: {reason}. We will be in touch: {tracking_link}',
    emailSubject: 'We could not deliver your parcel from {company}',
    emailBody:
      'Hi {recipient_name},\n\nWe could not deliver your parcel from {company}: {reason}.\n\nWe will be in touch to arrange another attempt. Details: {tracking_link}',
  },
  rescheduled: {
    channels: 'sms',
    smsBody: 'Your delivery from {company} is planned again for {window}. {tracking_link}',
    emailSubject: 'Your delivery from {company} is planned again',
    emailBody:
      'Hi {recipient_name},\n\nYour delivery from {company} is planned again for {window}.\n\nFollow it: {tracking_link}',
  },
};

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** The placeholders a template names that do not exist ("{name}" for "{recipient_name}"), each once. */
export function unknownPlaceholders(template: string): string[] {
  const unknown = new Set<string>();
  for (const m of template.matchAll(PLACEHOLDER))
    if (!(m[1]! in RECIPIENT_PLACEHOLDERS)) unknown.add(`{${m[1]}}`);
  return [...unknown];
}

/**
 * A template with its placeholders written in; a placeholder without a value becomes empty, spaces tidied. For a
 * text message (`sms`) the values' en dashes ("14:00–16:00") become hyphens: one character outside the GSM alphabet
 * makes the whole text UCS-2, at 70 characters a message instead of 160.
 */
export function renderRecipientTemplate(
  template: string,
  values: Partial<Record<RecipientPlaceholder, string>>,
  channel: 'sms' | 'email' = 'email',
): string {
  return template
    .replace(PLACEHOLDER, (whole, name: string) => {
      if (!(name in RECIPIENT_PLACEHOLDERS)) return whole;
      const value = values[name as RecipientPlaceholder] ?? '';
      return channel === 'sms' ? value.replace(/\u2013/g, '-') : value;
    })
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ ([.,:;)])/g, '$1')
    .replace(/\( *\)/g, '')
    .trim();
}

/** The GSM 03.38 alphabet: a text of only these goes as 7-bit characters, 160 to a message. */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Characters of the extension table: two 7-bit characters each. */
const GSM_EXTENDED = '^{}\\[~]|€\f';

export interface SmsCount {
  /** `gsm` (7-bit, 160 a message) or `unicode` (UCS-2, 70 a message): one emoji or accented letter outside the GSM set makes the whole text unicode. */
  encoding: 'gsm' | 'unicode';
  /** Characters as the network counts them (an extended GSM character is two, a character outside the BMP is two). */
  units: number;
  segments: number;
  /** Units left in the last segment. */
  remaining: number;
}

/**
 * How a text goes over the network: GSM 7-bit when every character is in its alphabet (160 units in one message,
 * 153 a segment when split), else UCS-2 (70, then 67 a segment). What carriers bill and what the counter shows.
 */
export function countSms(text: string): SmsCount {
  let gsm = true;
  let gsmUnits = 0;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) gsmUnits += 1;
    else if (GSM_EXTENDED.includes(ch)) gsmUnits += 2;
    else {
      gsm = false;
      break;
    }
  }
  const units = gsm ? gsmUnits : text.length; // UTF-16 code units: what UCS-2 counts.
  const [single, multi] = gsm ? [160, 153] : [70, 67];
  const segments = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / multi);
  const capacity = segments <= 1 ? single : segments * multi;
  return { encoding: gsm ? 'gsm' : 'unicode', units, segments, remaining: capacity - units };
}

/** "21:00" → minutes after midnight; null when not a time of day. */
export function minutesOfDay(hhmm: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Whether a local time of day (minutes after midnight) falls in quiet hours that may wrap past midnight. */
export function inQuietHours(localMinutes: number, quietFrom: string, quietUntil: string): boolean {
  const from = minutesOfDay(quietFrom);
  const until = minutesOfDay(quietUntil);
  if (from === null || until === null || from === until) return false;
  return from < until
    ? localMinutes >= from && localMinutes < until
    : localMinutes >= from || localMinutes < until;
}
