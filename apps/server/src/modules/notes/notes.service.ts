import type { CreateNoteBody, NoteableTypeSlug, UpdateNoteBody } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notes, noteTypes } from '../../db/schema/index.js';
import { forbidden, notFound, unprocessable } from '../../lib/app-error.js';
import type { TenantContext } from '../../types/fastify.js';
import { isCompanyAdmin, requireNoteable } from './notes.access.js';
import { findNote, softDeleteNoteTree } from './notes.queries.js';

async function requireNoteType(db: DbOrTx, slug: string, field = 'noteTypeSlug') {
  const [row] = await db
    .select({ slug: noteTypes.slug })
    .from(noteTypes)
    .where(and(eq(noteTypes.slug, slug), eq(noteTypes.isActive, true)))
    .limit(1);
  if (!row) throw unprocessable({ [field]: ['Choose a note type from the list.'] });
}

/** A note the caller may see: in the company, not deleted, on a record they may note. */
export async function requireNote(
  db: DbOrTx,
  opts: { tenant: TenantContext; userId: string; noteId: string },
) {
  const note = await findNote(db, { companyId: opts.tenant.companyId, noteId: opts.noteId });
  if (!note) throw notFound('Note');
  await requireNoteable(db, {
    tenant: opts.tenant,
    userId: opts.userId,
    type: note.noteableTypeSlug as NoteableTypeSlug,
    id: note.noteableId,
  }).catch(() => {
    throw notFound('Note');
  });
  return note;
}

/** Only its author or a company admin may change or delete a note. */
function requireAuthorOrAdmin(tenant: TenantContext, userId: string, note: { createdByUserId: string }) {
  if (note.createdByUserId !== userId && !isCompanyAdmin(tenant))
    throw forbidden('Only its author or a company admin can change this note.');
}

export async function createNote(
  db: DbOrTx,
  opts: { tenant: TenantContext; userId: string; body: CreateNoteBody & { noteTypeSlug: string } },
) {
  const { tenant, userId, body } = opts;
  await requireNoteable(db, { tenant, userId, type: body.noteableType, id: body.noteableUuid });
  await requireNoteType(db, body.noteTypeSlug);
  let threadNoteId: string | null = null;
  if (body.parent_note_uuid) {
    const parent = await findNote(db, { companyId: tenant.companyId, noteId: body.parent_note_uuid });
    if (!parent) throw unprocessable({ parent_note_uuid: ['The note you reply to no longer exists.'] });
    if (parent.noteableTypeSlug !== body.noteableType || parent.noteableId !== body.noteableUuid)
      throw unprocessable({ parent_note_uuid: ['The note you reply to is about another record.'] });
    threadNoteId = parent.threadNoteId ?? parent.id;
  }
  const [row] = await db
    .insert(notes)
    .values({
      companyId: tenant.companyId,
      noteableTypeSlug: body.noteableType,
      noteableId: body.noteableUuid,
      noteTypeSlug: body.noteTypeSlug,
      parentNoteId: body.parent_note_uuid ?? null,
      threadNoteId,
      message: body.message,
      createdByUserId: userId,
    })
    .returning({ id: notes.id });
  return row!.id;
}

export async function updateNote(
  db: DbOrTx,
  opts: { tenant: TenantContext; userId: string; noteId: string; body: UpdateNoteBody },
) {
  const note = await requireNote(db, opts);
  requireAuthorOrAdmin(opts.tenant, opts.userId, note);
  if (opts.body.noteTypeSlug) await requireNoteType(db, opts.body.noteTypeSlug);
  await db
    .update(notes)
    .set({
      message: opts.body.message,
      ...(opts.body.noteTypeSlug ? { noteTypeSlug: opts.body.noteTypeSlug } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(notes.id, note.id), eq(notes.companyId, opts.tenant.companyId)));
}

export async function deleteNote(
  db: DbOrTx,
  opts: { tenant: TenantContext; userId: string; noteId: string },
) {
  const note = await requireNote(db, opts);
  requireAuthorOrAdmin(opts.tenant, opts.userId, note);
  return softDeleteNoteTree(db, { companyId: opts.tenant.companyId, noteId: note.id });
}
