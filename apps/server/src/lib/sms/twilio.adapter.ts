import twilio from 'twilio';
import RequestClient from 'twilio/lib/base/RequestClient.js';
import { SmsRefusedError, type SmsProvider } from './sms-provider.js';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A number in E.164, or a Messaging Service SID (`MG…`). */
  from: string;
  /** Twilio's API address: `https://api.twilio.com` unless a proxy (or the tests' local Twilio) stands in. */
  apiUrl?: string;
  timeoutMs?: number;
}

const TWILIO_API = 'https://api.twilio.com';

/**
 * Twilio's refusals that a retry cannot mend (its error codes): a number that is not one, cannot take texts, is
 * blocked, or is the sender. 21610 is the recipient's STOP.
 */
const FOR_GOOD = new Set([21211, 21408, 21610, 21612, 21614, 21266, 21606, 30003, 30005, 30006]);
const OPTED_OUT = 21610;

/** Twilio's own HTTP client, its requests sent to `apiUrl` instead of Twilio's host (same paths, same auth). */
class RebasedClient extends RequestClient {
  constructor(
    private readonly base: string,
    opts: RequestClient.RequestClientOptions,
  ) {
    super(opts);
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = opts.uri.startsWith(TWILIO_API)
      ? `${this.base}${opts.uri.slice(TWILIO_API.length)}`
      : opts.uri;
    return super.request({ ...opts, uri });
  }
}

/** Text messages through Twilio's Messages API, with its own library (issue 36). */
export function twilioProvider(opts: TwilioOptions): SmsProvider {
  const timeout = opts.timeoutMs ?? 10_000;
  const base = opts.apiUrl?.replace(/\/+$/, '');
  const client = twilio(opts.accountSid, opts.authToken, {
    timeout,
    ...(base && base !== TWILIO_API ? { httpClient: new RebasedClient(base, { timeout }) } : {}),
  });
  const from = opts.from.startsWith('MG') ? { messagingServiceSid: opts.from } : { from: opts.from };
  return {
    kind: 'twilio',
    async send(message) {
      try {
        const sent = await client.messages.create({
          to: message.to,
          body: message.body,
          ...from,
          ...(message.statusCallbackUrl ? { statusCallback: message.statusCallbackUrl } : {}),
        });
        return { providerMessageId: sent.sid, providerStatus: sent.status };
      } catch (err) {
        const code =
          typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : null;
        const status = (err as { status?: unknown }).status;
        if (code !== null && FOR_GOOD.has(code))
          throw new SmsRefusedError(
            `Twilio refused the message (${code}): ${(err as Error).message}`,
            String(code),
            code === OPTED_OUT,
            { cause: err },
          );
        // A 4xx other than "too many requests" is our own mistake (credentials, a sender not ours): a retry will not
        // mend it either, but an operator may, so it is tried again with the job's backoff and logged each time.
        throw new Error(
          `Twilio did not take the message${typeof status === 'number' ? ` (HTTP ${status}${code ? `, error ${code}` : ''})` : ''}: ${(err as Error).message}`,
          { cause: err },
        );
      }
    },
    verifyCallback({ url, signature, params }) {
      return twilio.validateRequest(opts.authToken, signature, url, params);
    },
  };
}
