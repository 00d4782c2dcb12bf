import { type Company } from '@courier/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { IMAGE_TYPES } from '../../lib/storage/file-check.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import type { Upload } from '../../lib/storage/upload.js';
import { transactionWithUploads } from '../documents/index.js';
import { presentCompany } from './companies.presenter.js';
import { findCompany, setCompanyLogo } from './companies.queries.js';

/** Public path of a company's logo; the version makes a new upload bypass caches. */
export const LOGO_PATH = '/company/:companyUuid/logo';

export async function loadCompany(db: DbOrTx, opts: { companyId: string }): Promise<Company> {
  const row = await findCompany(db, opts);
  if (!row) throw notFound('Company');
  return presentCompany(row);
}

/** Keeps an image (checked by its bytes) as the company's logo, at a public URL that changes with each upload. */
export async function uploadCompanyLogo(
  db: Db,
  storage: FileStorage,
  opts: { companyId: string; userId: string; upload: Upload; appUrl: string },
) {
  const { companyId } = opts;
  await transactionWithUploads(db, storage, async (tx, store) => {
    const stored = await store(tx, {
      companyId,
      userId: opts.userId,
      upload: opts.upload,
      allowed: IMAGE_TYPES,
    });
    const url = `${opts.appUrl}/api/v1${LOGO_PATH.replace(':companyUuid', companyId)}?v=${stored.file.id.slice(0, 8)}`;
    await setCompanyLogo(tx, { companyId }, { url, fileId: stored.file.id });
  });
}
