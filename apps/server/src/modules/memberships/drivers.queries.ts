import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  companyMembers,
  driverDocuments,
  driverInfos,
  driverStatuses,
  storedFiles,
} from '../../db/schema/index.js';

export async function listDriverUserIds(db: DbOrTx, companyId: string) {
  const rows = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.roleSlug, 'driver')));
  return rows.map((r) => r.userId);
}

const infoColumns = {
  id: driverInfos.id,
  userId: driverInfos.userId,
  statusSlug: driverInfos.statusSlug,
  statusName: driverStatuses.name,
  licenceNumber: driverInfos.licenceNumber,
  insuranceNumber: driverInfos.insuranceNumber,
  licenceExpiresAt: driverInfos.licenceExpiresAt,
  insuranceExpiresAt: driverInfos.insuranceExpiresAt,
  createdAt: driverInfos.createdAt,
  updatedAt: driverInfos.updatedAt,
};

export async function listDriverInfos(db: DbOrTx, opts: { companyId: string; userIds?: string[] }) {
  return db
    .select(infoColumns)
    .from(driverInfos)
    .innerJoin(driverStatuses, eq(driverStatuses.slug, driverInfos.statusSlug))
    .where(
      and(
        eq(driverInfos.companyId, opts.companyId),
        opts.userIds ? inArray(driverInfos.userId, opts.userIds) : undefined,
      ),
    );
}
export type DriverInfoRow = Awaited<ReturnType<typeof listDriverInfos>>[number];

/** The documents on file for some of the company's drivers. */
export async function listDriverDocuments(db: DbOrTx, opts: { companyId: string; infoIds: string[] }) {
  const { infoIds } = opts;
  if (infoIds.length === 0) return [];
  return db
    .select({
      id: driverDocuments.id,
      infoId: driverDocuments.driverInfoId,
      documentTypeSlug: driverDocuments.documentTypeSlug,
      expiresAt: driverDocuments.expiresAt,
      fileId: storedFiles.id,
      originalName: storedFiles.originalName,
      mimeType: storedFiles.mimeType,
      sizeBytes: storedFiles.sizeBytes,
      storageKey: storedFiles.storageKey,
      createdAt: driverDocuments.createdAt,
    })
    .from(driverDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, driverDocuments.fileId))
    .innerJoin(driverInfos, eq(driverInfos.id, driverDocuments.driverInfoId))
    .where(and(eq(driverInfos.companyId, opts.companyId), inArray(driverDocuments.driverInfoId, infoIds)))
    .orderBy(asc(driverDocuments.createdAt));
}
export type DriverDocumentRow = Awaited<ReturnType<typeof listDriverDocuments>>[number];

/** Creates the company's record of a driver when missing; a driver starts offline. */
export async function ensureDriverInfo(db: DbOrTx, opts: { companyId: string; userId: string }) {
  await db
    .insert(driverInfos)
    .values({ companyId: opts.companyId, userId: opts.userId })
    .onConflictDoNothing();
}

export async function updateDriverInfoRow(
  db: DbOrTx,
  opts: { companyId: string; userId: string },
  values: Partial<
    Pick<
      typeof driverInfos.$inferInsert,
      'statusSlug' | 'licenceNumber' | 'insuranceNumber' | 'licenceExpiresAt' | 'insuranceExpiresAt'
    >
  >,
) {
  const rows = await db
    .update(driverInfos)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(driverInfos.companyId, opts.companyId), eq(driverInfos.userId, opts.userId)))
    .returning({ id: driverInfos.id });
  return rows[0]?.id;
}

export async function deleteDriverInfo(db: DbOrTx, opts: { companyId: string; userId: string }) {
  await db
    .delete(driverInfos)
    .where(and(eq(driverInfos.companyId, opts.companyId), eq(driverInfos.userId, opts.userId)));
}

export async function insertDriverDocument(db: DbOrTx, values: typeof driverDocuments.$inferInsert) {
  await db.insert(driverDocuments).values(values);
}

export async function findDriverDocument(
  db: DbOrTx,
  opts: { companyId: string; userId: string; documentId: string },
) {
  const [row] = await db
    .select({
      storageKey: storedFiles.storageKey,
      mimeType: storedFiles.mimeType,
      originalName: storedFiles.originalName,
      sizeBytes: storedFiles.sizeBytes,
    })
    .from(driverDocuments)
    .innerJoin(driverInfos, eq(driverInfos.id, driverDocuments.driverInfoId))
    .innerJoin(storedFiles, eq(storedFiles.id, driverDocuments.fileId))
    .where(
      and(
        eq(driverInfos.companyId, opts.companyId),
        eq(driverInfos.userId, opts.userId),
        eq(driverDocuments.id, opts.documentId),
      ),
    )
    .limit(1);
  return row;
}
