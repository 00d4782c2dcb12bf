import { createHash } from 'node:crypto';
import { unsafeInputIssue, unsafeTextMessage } from '@courier/contract';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, unprocessable } from '../app-error.js';

export interface Upload {
  bytes: Buffer;
  filename: string;
  fields: Record<string, string>;
}

const readHashes = new WeakMap<FastifyRequest, string>();

/**
 * What an upload is, whatever multipart boundary the client picked: its text fields (by name), its file name and
 * its bytes, hashed. The Idempotency-Key plugin compares a repeated upload by it (decision 019).
 */
export function uploadHash(upload: Upload): string {
  const fields = Object.entries(upload.fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const bytes = createHash('sha256').update(upload.bytes).digest('hex');
  return createHash('sha256')
    .update(JSON.stringify({ fields, filename: upload.filename, bytes }))
    .digest('hex');
}

/**
 * The hash of the parts `readUpload` or `readUploads` read from this request, named by the reader (`file:` or
 * `files:<most>:`) so a repeat is read the same way; undefined when none was read (or reading failed).
 */
export function uploadHashOf(request: FastifyRequest): string | undefined {
  return readHashes.get(request);
}

/**
 * Whether this request's parts are those recorded as `recorded` by `uploadHashOf` for an earlier request: read with
 * the reader that recorded them (the Idempotency-Key plugin compares a repeat so, decision 019), each file up to
 * `maxBytes`. A repeat whose parts cannot be read is not the same request.
 */
export async function sameUpload(
  request: FastifyRequest,
  recorded: string,
  maxBytes: number,
): Promise<boolean> {
  // A hash kept before the reader was named (decision 057) was `readUpload`'s.
  const expected = /^files?:/.test(recorded) ? recorded : `file:${recorded}`;
  const many = /^files:(\d+):/.exec(expected);
  const read = many
    ? readUploads(request, { maxBytes, maxFiles: Number(many[1]) })
    : readUpload(request, maxBytes);
  return read.then(
    () => uploadHashOf(request) === expected,
    () => false,
  );
}

/**
 * Reads one multipart upload: its text fields (sent before the file) and the file's bytes, refusing it with 413
 * past `maxBytes` and 422 when there is no file.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError(422, 'file_required', 'Send the file as multipart/form-data.', {
      file: ['Choose a file to upload.'],
    });
  }
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10 } });
  if (!part)
    throw new AppError(422, 'file_required', 'Choose a file to upload.', {
      file: ['Choose a file to upload.'],
    });
  const bytes = await part.toBuffer().catch((err: unknown) => {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    throw err;
  });
  if (part.file.truncated) throw tooLarge(maxBytes);
  if (bytes.length === 0)
    throw new AppError(422, 'file_empty', 'The file is empty.', { file: ['The file is empty.'] });
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const f = Array.isArray(field) ? field[0] : field;
    if (f && f.type === 'field' && typeof f.value === 'string') fields[name] = f.value;
  }
  // Multipart text is not a JSON body: the hostile-input hook never sees it (decision 014).
  const nameIssue = part.filename ? unsafeTextMessage(part.filename) : undefined;
  if (nameIssue) throw unprocessable({ file: [`File name: ${nameIssue}`] });
  const fieldIssue = unsafeInputIssue(fields);
  if (fieldIssue) throw unprocessable({ [fieldIssue.path]: [fieldIssue.message] });
  const upload = { bytes, filename: part.filename || 'upload', fields };
  readHashes.set(request, `file:${uploadHash(upload)}`);
  return upload;
}

export interface Uploads {
  files: { bytes: Buffer; filename: string }[];
  fields: Record<string, string>;
}

/**
 * Reads a multipart request of text fields and up to `maxFiles` files (none is fine), each refused past `maxBytes`
 * (413), with the checks `readUpload` makes of one.
 */
export async function readUploads(
  request: FastifyRequest,
  opts: { maxBytes: number; maxFiles: number },
): Promise<Uploads> {
  const files: Uploads['files'] = [];
  const fields: Record<string, string> = {};
  const parts = request.parts({
    limits: { fileSize: opts.maxBytes, files: opts.maxFiles + 1, fields: 10, parts: opts.maxFiles + 11 },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    if (files.length >= opts.maxFiles) {
      await part.toBuffer().catch(() => undefined);
      throw unprocessable({ file: [`Attach at most ${opts.maxFiles} files.`] });
    }
    const bytes = await part.toBuffer().catch((err: unknown) => {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(opts.maxBytes);
      throw err;
    });
    if (part.file.truncated) throw tooLarge(opts.maxBytes);
    if (bytes.length === 0)
      throw new AppError(422, 'file_empty', 'The file is empty.', { file: ['The file is empty.'] });
    const nameIssue = part.filename ? unsafeTextMessage(part.filename) : undefined;
    if (nameIssue) throw unprocessable({ file: [`File name: ${nameIssue}`] });
    files.push({ bytes, filename: part.filename || 'upload' });
  }
  const fieldIssue = unsafeInputIssue(fields);
  if (fieldIssue) throw unprocessable({ [fieldIssue.path]: [fieldIssue.message] });
  const hash = createHash('sha256');
  for (const f of files) hash.update(uploadHash({ ...f, fields: {} }));
  const all = uploadHash({ bytes: Buffer.from(hash.digest('hex')), filename: '', fields });
  readHashes.set(request, `files:${opts.maxFiles}:${all}`);
  return { files, fields };
}

function tooLarge(maxBytes: number) {
  const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return new AppError(413, 'file_too_large', `The file is larger than ${mb} MB.`, {
    file: [`The file is larger than ${mb} MB.`],
  });
}

/** Validates an upload's text fields (empty ones count as absent), answering 422 with field messages. */
export function parseUploadFields<S extends z.ZodType>(upload: Upload, schema: S): z.output<S> {
  return parseFields(Object.fromEntries(Object.entries(upload.fields).filter(([, v]) => v !== '')), schema);
}

/** Validates values a route reads itself (a body that may come as JSON or as multipart), answering 422 as above. */
export function parseFields<S extends z.ZodType>(values: unknown, schema: S): z.output<S> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  throw unprocessable(errors);
}
