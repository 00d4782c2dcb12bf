import type { MailTransportKind } from '@courier/contract';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { readPage, type PageQuery } from '../../lib/pagination.js';

export async function insertOutboxMail(
  db: DbOrTx,
  values: {
    to: string;
    subject: string;
    text: string | null;
    html: string | null;
    transport: MailTransportKind;
    /** `sms`: a recipient's text message kept here when no SMS provider is configured (issue 36). */
    channel?: 'email' | 'sms';
  },
) {
  const { to, ...rest } = values;
  const [row] = await db
    .insert(mailOutbox)
    .values({ toAddress: to, ...rest })
    .returning({ id: mailOutbox.id });
  return row!;
}

const outboxColumns = {
  id: mailOutbox.id,
  toAddress: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  text: mailOutbox.text,
  html: mailOutbox.html,
  transport: mailOutbox.transport,
  createdAt: mailOutbox.createdAt,
};

/** One page of the outbox, newest first; `to` keeps the messages to one address. */
export function listOutboxMail(db: DbOrTx, query: PageQuery & { to?: string | undefined }) {
  const where = query.to ? sql`lower(${mailOutbox.toAddress}) = ${query.to.toLowerCase()}` : undefined;
  return readPage(query, {
    rows: ({ limit, offset }) =>
      db
        .select(outboxColumns)
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(mailOutbox).where(where),
  });
}

/** One message of the outbox, or undefined. */
export async function findOutboxMail(db: DbOrTx, id: string) {
  const [row] = await db.select(outboxColumns).from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row;
}

export type OutboxRow = Awaited<ReturnType<typeof listOutboxMail>>['rows'][number];
