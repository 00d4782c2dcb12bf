// A small Twilio for the tests (issue 36), speaking the documented Messages API
// (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded, HTTP Basic with the account SID and auth
// token, answering the Message resource or Twilio's error JSON), and calling back as Twilio does: status callbacks
// and incoming messages as form posts signed with `X-Twilio-Signature` (HMAC-SHA1 of the URL and the sorted fields,
// base64, under the auth token). Modes that fail the way Twilio does: 500s, slow answers, refused numbers.
// Self-contained (node: built-ins only, erasable types), so the browser tests' server start can load it as it is.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  at: string;
}

export interface FakeTwilioOptions {
  accountSid?: string;
  authToken?: string;
}

/** Twilio's own signature of a callback: base64 HMAC-SHA1 of the URL and each field name and value, sorted by name. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

export class FakeTwilio {
  readonly accountSid: string;
  readonly authToken: string;
  readonly messages: FakeSms[] = [];
  /** Numbers that sent STOP: Twilio refuses to text them (error 21610). */
  readonly stopped = new Set<string>();
  /** The next `failNext` sends answer 500. */
  failNext = 0;
  /** Every send answers 500 while true. */
  failing = false;
  /** Milliseconds each answer waits. */
  delayMs = 0;
  private server: Server | null = null;
  url = '';

  constructor(opts: FakeTwilioOptions = {}) {
    this.accountSid = opts.accountSid ?? `AC${'0'.repeat(31)}1`;
    this.authToken = opts.authToken ?? 'fake-twilio-auth-token-0001';
  }

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => {
      void this.answer(req).then(
        ({ status, body }) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        },
        (err: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ code: 20500, message: String(err), status: 500 }));
        },
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  /** The messages sent to one number. */
  to(number: string): FakeSms[] {
    return this.messages.filter((m) => m.to === number);
  }

  private async answer(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    // For the browser tests: what was sent, newest last.
    if (req.method === 'GET' && url.pathname === '/fake/messages')
      return { status: 200, body: this.messages };
    const path = `/2010-04-01/Accounts/${this.accountSid}/Messages.json`;
    if (req.method !== 'POST' || url.pathname !== path)
      return {
        status: 404,
        body: { code: 20404, message: 'The requested resource was not found', status: 404 },
      };
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return { status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } };
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    if (this.failing || this.failNext > 0) {
      if (this.failNext > 0) this.failNext -= 1;
      return { status: 500, body: { code: 20500, message: 'Internal Server Error', status: 500 } };
    }
    const to = form.To ?? '';
    if (!/^\+[1-9]\d{6,14}$/.test(to))
      return {
        status: 400,
        body: { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 },
      };
    if (this.stopped.has(to))
      return {
        status: 400,
        body: { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 },
      };
    if (!form.Body)
      return { status: 400, body: { code: 21602, message: 'Message body is required.', status: 400 } };
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const sms: FakeSms = {
      sid,
      to,
      from: form.From ?? form.MessagingServiceSid ?? '',
      body: form.Body,
      statusCallback: form.StatusCallback ?? null,
      at: new Date().toISOString(),
    };
    this.messages.push(sms);
    return {
      status: 201,
      body: {
        sid,
        account_sid: this.accountSid,
        to,
        from: sms.from,
        body: sms.body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        date_created: new Date().toUTCString(),
        uri: `${path.replace('.json', '')}/${sid}.json`,
      },
    };
  }

  /** Twilio's status callback for a message it took: signed as Twilio signs it (or not, `signed: false`). */
  async report(
    sid: string,
    status: string,
    opts: { signed?: boolean; errorCode?: string } = {},
  ): Promise<number> {
    const sms = this.messages.find((m) => m.sid === sid);
    if (!sms?.statusCallback) throw new Error(`No status callback for ${sid}`);
    const params: Record<string, string> = {
      AccountSid: this.accountSid,
      MessageSid: sid,
      MessageStatus: status,
      To: sms.to,
      ...(opts.errorCode ? { ErrorCode: opts.errorCode } : {}),
    };
    return this.post(sms.statusCallback, params, opts.signed ?? true);
  }

  /** A text from a recipient to our number (STOP, START), to the incoming-message address. */
  async receive(url: string, from: string, body: string): Promise<number> {
    const word = body.trim().toUpperCase();
    if (word === 'STOP') this.stopped.add(from);
    if (word === 'START') this.stopped.delete(from);
    return this.post(url, { AccountSid: this.accountSid, From: from, To: '+15005550006', Body: body }, true);
  }

  private async post(url: string, params: Record<string, string>, signed: boolean): Promise<number> {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signed ? twilioSignature(this.authToken, url, params) : 'not-a-signature',
      },
      body: new URLSearchParams(params).toString(),
    });
    await res.arrayBuffer();
    return res.status;
  }
}
