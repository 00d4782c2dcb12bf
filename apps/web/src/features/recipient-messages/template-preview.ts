import { countSms, renderRecipientTemplate, type RecipientPlaceholder } from '@courier/contract';
import { formatTime, formatWindowRange } from '../../lib/date-format';

export type SampleValues = Partial<Record<RecipientPlaceholder, string>>;

/** As long as a real tracking token (32 random bytes, base64url): a link of the real length counts true. */
const SAMPLE_TOKEN = 'q7Wm2XkP9vLr4TgN8cYs1HdB6fJz3QaE5uVo0iKnM_w';

/**
 * The values a preview fills in: a recipient called Sam, the company's own name, a window tomorrow afternoon with an
 * ETA inside it, and a tracking link of this server's address and a real token's length.
 */
export function sampleValues({
  companyName,
  origin,
  now = new Date(),
}: {
  companyName: string;
  origin: string;
  now?: Date;
}): SampleValues {
  const at = (hours: number, minutes = 0) => {
    const d = new Date(now);
    d.setDate(d.getDate() + 1);
    d.setHours(hours, minutes, 0, 0);
    return d;
  };
  return {
    recipient_name: 'Sam',
    company: companyName.trim() || 'Your company',
    window: formatWindowRange(at(14).toISOString(), at(16).toISOString(), now),
    eta: formatTime(at(14, 25)),
    tracking_link: `${origin}/track/${SAMPLE_TOKEN}`,
    proof: 'signed by J. Smith',
    reason: 'nobody was at home',
  };
}

/** A template as the recipient reads it; a text message's window with a hyphen, as the server writes it. */
export const preview = (template: string, values: SampleValues, channel: 'sms' | 'email' = 'email') =>
  renderRecipientTemplate(template, values, channel);

export interface SmsCounter {
  /** "87 characters · 1 message". */
  summary: string;
  /** Set when one character makes the whole text Unicode: "Unicode: 70 characters per message (because of “é”)". */
  unicode: string | null;
  segments: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The first character outside the SMS alphabet: the one that made the text Unicode. */
function firstUnicode(text: string): string | null {
  for (const ch of text) if (countSms(ch).encoding === 'unicode') return ch;
  return null;
}

/** What a text message costs, as carriers count it (contract's `countSms`): characters, messages, and why. */
export function smsCounter(text: string): SmsCounter {
  const count = countSms(text);
  const summary =
    count.units === 0
      ? 'Empty'
      : `${plural(count.units, 'character', 'characters')} · ${plural(count.segments, 'message', 'messages')}`;
  let unicode: string | null = null;
  if (count.encoding === 'unicode') {
    const ch = firstUnicode(text);
    const perMessage =
      count.segments > 1 ? '67 characters per message when split' : '70 characters per message';
    unicode = `Unicode: ${perMessage}${ch ? ` (because of “${ch}”)` : ''}`;
  }
  return { summary, unicode, segments: count.segments };
}

/** A text with `{placeholder}` written over the selection (or at the caret), and where the caret goes after it. */
export function insertPlaceholder(
  text: string,
  placeholder: string,
  selection: { start: number; end: number } = { start: text.length, end: text.length },
): { text: string; caret: number } {
  const start = Math.max(0, Math.min(selection.start, text.length));
  const end = Math.max(start, Math.min(selection.end, text.length));
  const token = `{${placeholder}}`;
  return { text: text.slice(0, start) + token + text.slice(end), caret: start + token.length };
}
