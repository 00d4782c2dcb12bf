import { randomUUID } from 'node:crypto';
import { create as contentDisposition } from 'content-disposition';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { storedFiles } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import { checkFileType } from '../../lib/storage/file-check.js';
import type { FileStorage } from '../../lib/storage/storage.js';
import type { Upload } from '../../lib/storage/upload.js';

export const storedFileColumns = {
  id: storedFiles.id,
  storageKey: storedFiles.storageKey,
  originalName: storedFiles.originalName,
  mimeType: storedFiles.mimeType,
  extension: storedFiles.extension,
  sizeBytes: storedFiles.sizeBytes,
  createdAt: storedFiles.createdAt,
};

/**
 * Checks an upload's type from its bytes, writes the bytes through the storage interface and records the file.
 * The bytes are written first; if recording fails (the caller's transaction rolls back) `discard` removes them.
 */
export async function storeUpload(
  db: DbOrTx,
  storage: FileStorage,
  opts: { companyId: string; userId: string; upload: Upload; allowed: readonly string[] },
) {
  const type = await checkFileType(opts.upload.bytes, opts.allowed);
  const id = randomUUID();
  const now = new Date();
  const storageKey = `${opts.companyId}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}.${type.extension}`;
  await storage.put(storageKey, opts.upload.bytes);
  const [row] = await db
    .insert(storedFiles)
    .values({
      id,
      companyId: opts.companyId,
      storageKey,
      originalName: opts.upload.filename.slice(0, 255),
      mimeType: type.mimeType,
      extension: type.extension,
      sizeBytes: opts.upload.bytes.length,
      createdByUserId: opts.userId,
    })
    .returning(storedFileColumns);
  return { file: row!, discard: () => storage.delete(storageKey) };
}

export type StoreInTx = (
  tx: DbOrTx,
  opts: Parameters<typeof storeUpload>[2],
) => ReturnType<typeof storeUpload>;

/**
 * Runs `work` in one transaction with a `store` that writes uploads through the storage interface: when anything in
 * the transaction fails, the bytes it wrote are removed again, so a refused upload leaves neither a row nor a file.
 */
export async function transactionWithUploads<T>(
  db: Db,
  storage: FileStorage,
  work: (tx: DbOrTx, store: StoreInTx) => Promise<T>,
): Promise<T> {
  const written: (() => Promise<void>)[] = [];
  try {
    return await db.transaction((tx) =>
      work(tx, async (inner, opts) => {
        const stored = await storeUpload(inner, storage, opts);
        written.push(stored.discard);
        return stored;
      }),
    );
  } catch (err) {
    await Promise.all(written.map((discard) => discard()));
    throw err;
  }
}

export async function findCompanyFile(db: DbOrTx, opts: { companyId: string; fileId: string }) {
  const [row] = await db
    .select(storedFileColumns)
    .from(storedFiles)
    .where(and(eq(storedFiles.companyId, opts.companyId), eq(storedFiles.id, opts.fileId)))
    .limit(1);
  return row;
}

/**
 * A stored file's document is shut off from the app even when opened on its own: no scripts, no requests, no forms,
 * a unique origin (`sandbox`). Inline styles stay allowed for the browser's own image viewer.
 */
export const STORED_FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** What a `filename="..."` may hold without a client misreading it: printable ASCII, less quote and backslash. */
const NOT_PLAIN = /[^\x20-\x7e]|["\\]/gu;

/**
 * The file's name as RFC 6266 sends it: a plain-ASCII `filename` stand-in (each other character an underscore) for
 * clients that read only that, and the name itself in `filename*` (UTF-8, percent-encoded) for every other. A raw
 * name is no header value: Node refuses any character past Latin-1 (`ERR_INVALID_CHAR`), so the file could not be
 * downloaded at all. Pictures open in the browser; anything else (PDFs) is a download, because a browser's PDF
 * viewer runs with the app's origin unless sandboxed, and Chromium's viewer does not run in a sandboxed document
 * (decision 014's addendum).
 */
export function fileDisposition(name: string, mimeType: string): string {
  const type = mimeType.startsWith('image/') ? 'inline' : 'attachment';
  return contentDisposition(name, { type, fallback: name.replace(NOT_PLAIN, '_') });
}

/** Streams a stored file with its checked content type; never sniffable as anything else. */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: { storageKey: string; mimeType: string; originalName: string; sizeBytes: number },
  opts: { cache?: string } = {},
) {
  const stream = await storage.get(file.storageKey);
  if (!stream) throw notFound('File');
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', String(file.sizeBytes))
    .header('content-disposition', fileDisposition(file.originalName, file.mimeType))
    .header('content-security-policy', STORED_FILE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', opts.cache ?? 'private, max-age=3600')
    .send(stream);
}
