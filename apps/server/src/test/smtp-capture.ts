import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  /** The message as it arrived, headers and MIME parts. */
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone (enough to read links and text). */
  decoded: string;
}

/** Undoes quoted-printable: soft line breaks and `=XX` escapes (UTF-8 bytes). */
export function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A real SMTP server on a free port of 127.0.0.1 that keeps what it receives (no TLS, no sign-in), for tests that
 * send mail the way production does.
 */
export async function startSmtpCapture() {
  const received: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  /** Messages still to refuse, as a busy server does (451: try again later). */
  let refuse = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuse > 0) {
          refuse -= 1;
          refused += 1;
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = session.envelope;
        received.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          raw,
          decoded: decodeQuotedPrintable(raw),
        });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Refuses the next `n` messages with a temporary error (451), as a server under load does. */
    refuseNext(n: number) {
      refuse = n;
    },
    /** How many messages were refused so far. */
    get refused() {
      return refused;
    },
    /** Waits until `n` messages have arrived (30 s at most: a busy machine is slow, the wait ends on arrival). */
    async waitFor(n: number): Promise<CapturedMail[]> {
      const deadline = Date.now() + 30_000;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} mail(s), got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
