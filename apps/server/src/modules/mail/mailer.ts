import type { MailTransportKind } from '@courier/contract';
import type { Transporter } from 'nodemailer';
import type { DbOrTx } from '../../db/client.js';
import { insertOutboxMail } from './mail.queries.js';

/** One message, in plain text and HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (a recipient message's `List-Unsubscribe`); SMTP sends them, the outbox does not keep them. */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly kind: MailTransportKind;
  /** Sends the message (or, with no SMTP server, keeps it in the outbox); rejects when the SMTP server refuses it. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  db: DbOrTx;
  /** `smtp://…` or `smtps://…`; undefined keeps mail in the outbox. */
  smtpUrl: string | undefined;
  from: string;
  /** Development prints the message's text (its links) in the log; other modes name the message only. */
  logBodies: boolean;
  log: { info(fields: object, message: string): void };
}

/**
 * The product's mail (docs/decisions/027-mail-and-password-reset.md): through the SMTP server of `SMTP_URL`, or,
 * without one, into the database's outbox, where a platform admin reads it. Either way a row of `mail_outbox` says
 * what was sent and how; only the outbox keeps the body.
 */
export function createMailer(opts: MailerOptions): Mailer {
  if (!opts.smtpUrl) {
    return {
      kind: 'outbox',
      async send(message) {
        const { headers: _headers, ...kept } = message;
        const row = await insertOutboxMail(opts.db, { ...kept, transport: 'outbox' });
        opts.log.info(
          {
            mailId: row.id,
            transport: 'outbox',
            ...(opts.logBodies ? { to: message.to, text: message.text } : {}),
          },
          `mail kept in the outbox (no SMTP_URL): ${message.subject}`,
        );
      },
      close() {},
    };
  }
  const smtpUrl = opts.smtpUrl;
  // Nodemailer (a hundred modules) is loaded with the first message, not with the server.
  let transport: Promise<Transporter> | null = null;
  const getTransport = () =>
    (transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport(smtpUrl, { from: opts.from }),
    ));
  return {
    kind: 'smtp',
    async send(message) {
      const info = await (await getTransport()).sendMail(message);
      const row = await insertOutboxMail(opts.db, {
        to: message.to,
        subject: message.subject,
        text: null,
        html: null,
        transport: 'smtp',
      });
      opts.log.info(
        { mailId: row.id, transport: 'smtp', messageId: info.messageId },
        `mail sent: ${message.subject}`,
      );
    },
    close() {
      void transport?.then((t) => t.close());
    },
  };
}
