import {
  DRIVER_DOCUMENT_TYPES,
  IsoDateTimeSchema,
  LIMITS,
  type Actor,
  type CreateDriverBody,
  type DriverInfo,
  type DriverInfoBody,
} from '@courier/contract';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { DOCUMENT_TYPES } from '../../lib/storage/file-check.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import { parseUploadFields, type Upload } from '../../lib/storage/upload.js';
import { transactionWithUploads } from '../documents/index.js';
import { grantRole } from './company-users.service.js';
import type { MailSetup } from './invitations.service.js';
import { presentDriverInfo } from './drivers.presenter.js';
import {
  ensureDriverInfo,
  insertDriverDocument,
  listDriverDocuments,
  listDriverInfos,
  updateDriverInfoRow,
} from './drivers.queries.js';
import { personOf } from '../../access/actor.js';

export async function loadDriverInfos(
  db: DbOrTx,
  opts: { companyId: string; companySlug: string; userIds?: string[] },
): Promise<DriverInfo[]> {
  const rows = await listDriverInfos(db, opts);
  const documents = await listDriverDocuments(db, {
    companyId: opts.companyId,
    infoIds: rows.map((r) => r.id),
  });
  return rows.map((r) => presentDriverInfo(r, documents, opts.companySlug));
}

export async function loadDriverInfo(
  db: DbOrTx,
  opts: { companyId: string; companySlug: string; userId: string },
) {
  const [info] = await loadDriverInfos(db, { ...opts, userIds: [opts.userId] });
  if (!info) throw notFound('Driver');
  return info;
}

/**
 * Adds a driver to the company (an existing account, or a new one) with the licence and insurance numbers given;
 * answers the person, their driver record and whether the account is new.
 */
export async function createDriver(
  db: Db,
  opts: {
    companyId: string;
    companySlug: string;
    invitedByUserId: string | null;
    mail: MailSetup;
    body: CreateDriverBody;
  },
) {
  const { email, licenceNumber, insuranceNumber, ...newAccount } = opts.body;
  const granted = await grantRole(db, {
    companyId: opts.companyId,
    role: 'driver',
    email,
    invitedByUserId: opts.invitedByUserId,
    mail: opts.mail,
    newAccount,
  });
  if (licenceNumber || insuranceNumber) {
    await updateDriverInfoRow(
      db,
      { companyId: opts.companyId, userId: granted.userId },
      { licenceNumber, insuranceNumber },
    );
  }
  const info = await loadDriverInfo(db, {
    companyId: opts.companyId,
    companySlug: opts.companySlug,
    userId: granted.userId,
  });
  return { data: { user: granted.user, info, created: granted.created }, mail: granted.mail };
}

/** Sets the company's driver's status by hand; 404 when the company has no such driver. */
export async function setDriverStatus(
  db: DbOrTx,
  opts: { companyId: string; companySlug: string; userId: string; statusSlug: string },
) {
  const { statusSlug, ...driver } = opts;
  const id = await updateDriverInfoRow(db, driver, { statusSlug });
  if (!id) throw notFound('Driver');
  return loadDriverInfo(db, driver);
}

/** Replaces the licence and insurance details of the company's driver; 404 when it has no such driver. */
export async function updateDriverInfo(
  db: DbOrTx,
  opts: { companyId: string; companySlug: string; userId: string; body: DriverInfoBody },
) {
  const { body, ...driver } = opts;
  const toDate = (v: string | null | undefined) =>
    v === undefined ? undefined : v === null ? null : new Date(v);
  const id = await updateDriverInfoRow(db, driver, {
    licenceNumber: body.licenceNumber ?? null,
    insuranceNumber: body.insuranceNumber ?? null,
    licenceExpiresAt: toDate(body.licenceExpiresAt),
    insuranceExpiresAt: toDate(body.insuranceExpiresAt),
  });
  if (!id) throw notFound('Driver');
  return loadDriverInfo(db, driver);
}

const DocumentFieldsSchema = z.object({
  documentTypeSlug: z.enum(DRIVER_DOCUMENT_TYPES, {
    error: 'Choose driving-licence or insurance-certificate',
  }),
  expiresAt: IsoDateTimeSchema.optional(),
});

/**
 * Keeps a licence or insurance document: the file is checked by its bytes and stored; its expiry, when given,
 * becomes the driver's licence or insurance expiry. Nothing is kept if any step fails.
 */
export async function addDriverDocument(
  db: Db,
  storage: FileStorage,
  opts: { companyId: string; userId: string; driverUserId: string; upload: Upload },
) {
  const fields = { data: parseUploadFields(opts.upload, DocumentFieldsSchema) };
  await transactionWithUploads(db, storage, async (tx, store) => {
    const [info] = await listDriverInfos(tx, { companyId: opts.companyId, userIds: [opts.driverUserId] });
    if (!info) throw notFound('Driver');
    const stored = await store(tx, {
      companyId: opts.companyId,
      userId: opts.userId,
      upload: opts.upload,
      allowed: DOCUMENT_TYPES,
    });
    const expiresAt = fields.data.expiresAt ? new Date(fields.data.expiresAt) : null;
    await insertDriverDocument(tx, {
      driverInfoId: info.id,
      fileId: stored.file.id,
      documentTypeSlug: fields.data.documentTypeSlug,
      expiresAt,
    });
    if (expiresAt) {
      const column =
        fields.data.documentTypeSlug === 'driving-licence' ? 'licenceExpiresAt' : 'insuranceExpiresAt';
      await updateDriverInfoRow(
        tx,
        { companyId: opts.companyId, userId: opts.driverUserId },
        { [column]: expiresAt },
      );
    }
  });
}

export const DRIVER_DOCUMENT_MAX_BYTES = LIMITS.documentBytesMax;

/** The driver's own record in every company they drive for (`GET /driver/status`). */
export async function listMyDriverInfos(db: DbOrTx, actor: Actor): Promise<DriverInfo[]> {
  const out: DriverInfo[] = [];
  for (const m of actor.memberships) {
    out.push(
      ...(await loadDriverInfos(db, {
        companyId: m.companyId,
        companySlug: m.companySlug ?? '',
        userIds: [personOf(actor)],
      })),
    );
  }
  return out;
}

/**
 * A driver sets their own availability in every company they drive for (one phone, one switch); answers their
 * record in each.
 */
export async function updateMyDriverStatus(
  db: DbOrTx,
  actor: Actor,
  statusSlug: string,
): Promise<DriverInfo[]> {
  const out: DriverInfo[] = [];
  for (const m of actor.memberships) {
    const key = { companyId: m.companyId, userId: personOf(actor) };
    await ensureDriverInfo(db, key);
    await updateDriverInfoRow(db, key, { statusSlug });
    out.push(await loadDriverInfo(db, { ...key, companySlug: m.companySlug ?? '' }));
  }
  return out;
}
