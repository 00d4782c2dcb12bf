import type {
  RecipientChannel,
  RecipientMessageKind,
  RecipientMessageStatus,
  RecipientTemplateInput,
} from '@courier/contract';
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  companies,
  contacts,
  deliveries,
  deliveryScheduleWindows,
  deliveryStatusRecords,
  deliverySteps,
  deliveryStepTaskContacts,
  deliveryStepTaskProofs,
  deliveryStepTasks,
  recipientMessages,
  recipientMessageSettings,
  recipientMessageTemplates,
  recipientOptOuts,
  stopEtas,
} from '../../db/schema/index.js';

export type RecipientMessageRow = typeof recipientMessages.$inferSelect;
export type NewRecipientMessage = typeof recipientMessages.$inferInsert;

export async function findSettingsRow(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select()
    .from(recipientMessageSettings)
    .where(eq(recipientMessageSettings.companyId, companyId));
  return row;
}

export function listTemplateRows(db: DbOrTx, companyId: string) {
  return db
    .select()
    .from(recipientMessageTemplates)
    .where(eq(recipientMessageTemplates.companyId, companyId));
}

export async function upsertSettings(
  tx: DbOrTx,
  companyId: string,
  values: { arrivingSoonMinutes: number; quietFrom: string; quietUntil: string; sendAtNight: boolean },
) {
  await tx
    .insert(recipientMessageSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({
      target: recipientMessageSettings.companyId,
      set: { ...values, updatedAt: new Date() },
    });
}

export async function upsertTemplates(
  tx: DbOrTx,
  companyId: string,
  templates: readonly Required<RecipientTemplateInput>[],
) {
  if (templates.length === 0) return;
  await tx
    .insert(recipientMessageTemplates)
    .values(templates.map((t) => ({ companyId, ...t })))
    .onConflictDoUpdate({
      target: [recipientMessageTemplates.companyId, recipientMessageTemplates.kind],
      set: {
        channels: sql`excluded.channels`,
        smsBody: sql`excluded.sms_body`,
        emailSubject: sql`excluded.email_subject`,
        emailBody: sql`excluded.email_body`,
        updatedAt: new Date(),
      },
    });
}

export async function deleteTemplates(tx: DbOrTx, companyId: string, kinds: readonly RecipientMessageKind[]) {
  if (kinds.length === 0) return;
  await tx
    .delete(recipientMessageTemplates)
    .where(
      and(
        eq(recipientMessageTemplates.companyId, companyId),
        inArray(recipientMessageTemplates.kind, [...kinds]),
      ),
    );
}

/** What a message of a delivery says of it: its owner (whose words and name go out), token, window. */
export async function findMessageSubject(db: DbOrTx, deliveryId: string) {
  const [row] = await db
    .select({
      deliveryId: deliveries.id,
      ownerCompanyId: deliveries.ownerCompanyId,
      carrierCompanyId: deliveries.carrierCompanyId,
      liveStatusSlug: deliveries.liveStatusSlug,
      trackingToken: deliveries.trackingToken,
      companyName: companies.name,
      countryCode: companies.countryCode,
      timeZone: companies.timeZone,
      windowStartAt:
        sql<Date | null>`(select min(w.start_at) from ${deliveryScheduleWindows} w where w.delivery_id = ${sql.raw('"deliveries"."id"')})`.mapWith(
          (v: string | Date | null) => (v === null ? null : new Date(v)),
        ),
      windowEndAt:
        sql<Date | null>`(select max(w.end_at) from ${deliveryScheduleWindows} w where w.delivery_id = ${sql.raw('"deliveries"."id"')})`.mapWith(
          (v: string | Date | null) => (v === null ? null : new Date(v)),
        ),
    })
    .from(deliveries)
    .innerJoin(companies, eq(companies.id, deliveries.ownerCompanyId))
    .where(eq(deliveries.id, deliveryId));
  return row;
}

/** The contacts of the delivery's dropoff stops (every task of a stop with a dropoff task), with their stop. */
export function listDropoffContacts(db: DbOrTx, deliveryId: string) {
  return db
    .selectDistinct({
      stepId: deliverySteps.id,
      stepOrderNo: deliverySteps.stepOrderNo,
      contactId: contacts.id,
      firstname: contacts.firstname,
      email: contacts.email,
      phoneNumber: contacts.phoneNumber,
    })
    .from(deliverySteps)
    .innerJoin(deliveryStepTasks, eq(deliveryStepTasks.stepId, deliverySteps.id))
    .innerJoin(deliveryStepTaskContacts, eq(deliveryStepTaskContacts.taskId, deliveryStepTasks.id))
    .innerJoin(contacts, eq(contacts.id, deliveryStepTaskContacts.contactId))
    .where(
      and(
        eq(deliverySteps.deliveryId, deliveryId),
        sql`exists (select 1 from ${deliveryStepTasks} t where t.step_id = ${sql.raw('"delivery_steps"."id"')} and t.type_slug = 'dropoff')`,
      ),
    )
    .orderBy(deliverySteps.stepOrderNo, contacts.id);
}

/** The reason given with the delivery's latest `failed` status. */
/** The soonest stored ETA of these stops (stop_etas, decision 073): the arrival every page shows. */
export async function findStopsEta(db: DbOrTx, stepIds: readonly string[]): Promise<Date | null> {
  if (stepIds.length === 0) return null;
  const [row] = await db
    .select({ arriveAt: sql<Date | string | null>`min(${stopEtas.arriveAt})` })
    .from(stopEtas)
    .where(inArray(stopEtas.deliveryStepId, [...stepIds]));
  return row?.arriveAt ? new Date(row.arriveAt) : null;
}

export async function latestFailureReason(db: DbOrTx, deliveryId: string) {
  const [row] = await db
    .select({ message: deliveryStatusRecords.statusMessage })
    .from(deliveryStatusRecords)
    .where(
      and(
        eq(deliveryStatusRecords.deliveryId, deliveryId),
        eq(deliveryStatusRecords.statusType, 'live'),
        eq(deliveryStatusRecords.statusSlug, 'failed'),
      ),
    )
    .orderBy(desc(deliveryStatusRecords.seq))
    .limit(1);
  return row?.message ?? null;
}

/** The delivery's live status just before `at` (to tell a re-planned failure from a first plan). */
export async function liveStatusBefore(db: DbOrTx, deliveryId: string, at: Date) {
  const [row] = await db
    .select({ slug: deliveryStatusRecords.statusSlug })
    .from(deliveryStatusRecords)
    .where(
      and(
        eq(deliveryStatusRecords.deliveryId, deliveryId),
        eq(deliveryStatusRecords.statusType, 'live'),
        lt(deliveryStatusRecords.createdAt, at),
      ),
    )
    .orderBy(desc(deliveryStatusRecords.seq))
    .limit(1);
  return row?.slug ?? null;
}

/** What proves the delivery: the kinds of proof kept at its dropoffs (`pin`: handed over with the recipient's code). */
export async function findProofTypes(db: DbOrTx, deliveryId: string) {
  const rows = await db
    .selectDistinct({ slug: deliveryStepTaskProofs.proofTypeSlug })
    .from(deliveryStepTaskProofs)
    .innerJoin(deliveryStepTasks, eq(deliveryStepTasks.id, deliveryStepTaskProofs.taskId))
    .where(and(eq(deliveryStepTaskProofs.deliveryId, deliveryId), eq(deliveryStepTasks.typeSlug, 'dropoff')));
  return rows.map((r) => r.slug);
}

/** The addresses among these that stopped this company's messages on this channel. */
export async function optedOutAddresses(
  db: DbOrTx,
  companyId: string,
  channel: RecipientChannel,
  addresses: readonly string[],
): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db
    .select({ address: recipientOptOuts.address })
    .from(recipientOptOuts)
    .where(
      and(
        eq(recipientOptOuts.companyId, companyId),
        eq(recipientOptOuts.channel, channel),
        inArray(recipientOptOuts.address, [...addresses]),
      ),
    );
  return new Set(rows.map((r) => r.address));
}

export async function insertOptOut(
  db: DbOrTx,
  values: { companyId: string; channel: RecipientChannel; address: string; source: string },
) {
  await db.insert(recipientOptOuts).values(values).onConflictDoNothing();
}

export async function deleteOptOut(
  db: DbOrTx,
  companyId: string,
  channel: RecipientChannel,
  address: string,
) {
  await db
    .delete(recipientOptOuts)
    .where(
      and(
        eq(recipientOptOuts.companyId, companyId),
        eq(recipientOptOuts.channel, channel),
        eq(recipientOptOuts.address, address),
      ),
    );
}

/** Inserts the messages a moment makes; one already made for the same moment and address is left as it is. */
export async function insertRecipientMessages(tx: DbOrTx, rows: readonly NewRecipientMessage[]) {
  if (rows.length === 0) return [];
  return tx
    .insert(recipientMessages)
    .values([...rows])
    .onConflictDoNothing({
      target: [recipientMessages.eventKey, recipientMessages.channel, recipientMessages.toAddress],
    })
    .returning({
      id: recipientMessages.id,
      deliveryId: recipientMessages.deliveryId,
      status: recipientMessages.status,
      sendAfter: recipientMessages.sendAfter,
    });
}

/** A message, locked for its sending (another process's job for it waits). */
export async function lockRecipientMessage(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(recipientMessages).where(eq(recipientMessages.id, id)).for('update');
  return row;
}

export async function updateRecipientMessage(
  db: DbOrTx,
  id: string,
  values: Partial<
    Pick<
      RecipientMessageRow,
      'status' | 'provider' | 'providerMessageId' | 'error' | 'attempts' | 'sentAt' | 'sendAfter'
    >
  >,
) {
  const [row] = await db
    .update(recipientMessages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(recipientMessages.id, id))
    .returning();
  return row;
}

/** A provider's status callback: the message it names (by the provider's id). */
export async function findByProviderId(db: DbOrTx, provider: string, providerMessageId: string) {
  const [row] = await db
    .select()
    .from(recipientMessages)
    .where(
      and(
        eq(recipientMessages.provider, provider),
        eq(recipientMessages.providerMessageId, providerMessageId),
      ),
    )
    .limit(1);
  return row;
}

/** The companies whose text messages reached this number lately, newest first (a STOP is for them). */
export async function companiesTextingNumber(db: DbOrTx, e164: string, since: Date) {
  const rows = await db
    .selectDistinct({ companyId: recipientMessages.companyId })
    .from(recipientMessages)
    .where(
      and(
        eq(recipientMessages.channel, 'sms'),
        eq(recipientMessages.toAddress, e164),
        gt(recipientMessages.createdAt, since),
      ),
    );
  return rows.map((r) => r.companyId);
}

export async function findByOptOutToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({
      companyId: recipientMessages.companyId,
      companyName: companies.name,
      channel: recipientMessages.channel,
      address: recipientMessages.toAddress,
    })
    .from(recipientMessages)
    .innerJoin(companies, eq(companies.id, recipientMessages.companyId))
    .where(eq(recipientMessages.optOutToken, token))
    .limit(1);
  return row;
}

export function listDeliveryMessages(db: DbOrTx, deliveryId: string) {
  return db
    .select()
    .from(recipientMessages)
    .where(eq(recipientMessages.deliveryId, deliveryId))
    .orderBy(desc(recipientMessages.createdAt), desc(recipientMessages.id))
    .limit(200);
}

/** A delivery's live status, owner and carrier (a held message checks the delivery still needs it). */
export async function findDeliveryState(db: DbOrTx, deliveryId: string) {
  const [row] = await db
    .select({
      liveStatusSlug: deliveries.liveStatusSlug,
      ownerCompanyId: deliveries.ownerCompanyId,
      carrierCompanyId: deliveries.carrierCompanyId,
    })
    .from(deliveries)
    .where(eq(deliveries.id, deliveryId));
  return row;
}

export type { RecipientMessageStatus };

export async function findCompanyLetterhead(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ name: companies.name, logoUrl: companies.logoUrl, countryCode: companies.countryCode })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}
