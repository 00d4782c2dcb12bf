import type {
  CreateNoteBody,
  NoteableTypeSlug,
  Note,
  NoteListQuery,
  UpdateNoteBody,
} from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notes, noteTypes } from '../../db/schema/index.js';
import { requireCan } from '../../access/require-can.js';
import { notFound, unprocessable } from '../../lib/app-error.js';
import { deliveryAudience, recordEvent } from '../live/index.js';
import { requireNoteable, type NoteScope } from './notes.access.js';
import { requireMentionable, saveMentions, type Noteable } from './notes.mentions.js';
import { presentNote, presentThreads } from './notes.presenter.js';
import {
  findNote,
  listReplies,
  listTopNotes,
  mentionsOf,
  softDeleteNoteTree,
  type NoteRow,
} from './notes.queries.js';
import { personOf } from '../../access/actor.js';

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
  scope: NoteScope,
  opts: { noteId: string; action: 'read' | 'note' },
) {
  const note = await findNote(db, { companyId: scope.companyId, noteId: opts.noteId });
  if (!note) throw notFound('Note');
  await requireNoteable(db, scope, {
    type: note.noteableTypeSlug as NoteableTypeSlug,
    id: note.noteableId,
    action: opts.action,
  }).catch(() => {
    throw notFound('Note');
  });
  return note;
}

/**
 * Notes stay with the company that writes them (decision 016), so a note's event is for that company only: the
 * policy is asked about the delivery as that company sees it (it as the only party, with the delivery's assigned
 * drivers, of whom those who drive for it may read its notes).
 */
async function recordNoteEvent(
  tx: DbOrTx,
  companyId: string,
  deliveryId: string,
  note: { id: string; createdAt: Date },
  threadNoteId: string | null,
) {
  const audience = await deliveryAudience(tx, deliveryId);
  if (!audience) return;
  await recordEvent(tx, {
    type: 'delivery.note',
    data: {
      deliveryUuid: deliveryId,
      noteUuid: note.id,
      parentNoteUuid: threadNoteId,
      at: note.createdAt.toISOString(),
    },
    audience: {
      deliveryId,
      ownerCompanyId: companyId,
      carrierCompanyId: null,
      driverUserIds: audience.driverUserIds,
    },
  });
}

/** Who may change or delete a note is the policy's question (NOTE_MATRIX: its author, or a company admin). */
function requireAuthorOrAdmin(scope: NoteScope, note: { createdByUserId: string }) {
  requireCan(
    scope.actor,
    'change',
    { kind: 'note', companyId: scope.companyId, authorUserId: note.createdByUserId },
    'Note',
  );
}

/** Writes a note in the scope's company after asking the policy about the record it is on. */
export async function createNote(
  db: DbOrTx,
  scope: NoteScope,
  body: Omit<CreateNoteBody, 'noteTypeSlug'> & { noteTypeSlug: string },
) {
  const userId = personOf(scope.actor);
  const noteable: Noteable = { type: body.noteableType, id: body.noteableUuid };
  await requireNoteable(db, scope, { ...noteable, action: 'note' });
  await requireNoteType(db, body.noteTypeSlug);
  await requireMentionable(db, scope, noteable, body.mentionedUserUuids);
  let threadNoteId: string | null = null;
  if (body.parent_note_uuid) {
    const parent = await findNote(db, { companyId: scope.companyId, noteId: body.parent_note_uuid });
    if (!parent) throw unprocessable({ parent_note_uuid: ['The note you reply to no longer exists.'] });
    if (parent.noteableTypeSlug !== body.noteableType || parent.noteableId !== body.noteableUuid)
      throw unprocessable({ parent_note_uuid: ['The note you reply to is about another record.'] });
    threadNoteId = parent.threadNoteId ?? parent.id;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notes)
      .values({
        companyId: scope.companyId,
        noteableTypeSlug: body.noteableType,
        noteableId: body.noteableUuid,
        noteTypeSlug: body.noteTypeSlug,
        parentNoteId: body.parent_note_uuid ?? null,
        threadNoteId,
        message: body.message,
        createdByUserId: userId,
      })
      .returning({ id: notes.id, createdAt: notes.createdAt });
    if (body.mentionedUserUuids?.length)
      await mentionIn(tx, scope, { id: row!.id, noteable, message: body.message }, body.mentionedUserUuids);
    if (body.noteableType === 'deliveries')
      await recordNoteEvent(tx, scope.companyId, body.noteableUuid, row!, threadNoteId);
    return row!.id;
  });
}

/** Keeps a note's mentions and tells the newly mentioned, named as the note's author is. */
async function mentionIn(
  tx: DbOrTx,
  scope: NoteScope,
  note: { id: string; noteable: Noteable; message: string },
  userIds: readonly string[],
) {
  const row = await findNote(tx, { companyId: scope.companyId, noteId: note.id });
  await saveMentions(tx, scope, { ...note, authorName: row?.createdByName ?? 'A colleague' }, userIds);
}

export async function updateNote(
  db: DbOrTx,
  scope: NoteScope,
  opts: { noteId: string; body: UpdateNoteBody },
) {
  const { body } = opts;
  const note = await requireNote(db, scope, { noteId: opts.noteId, action: 'note' });
  requireAuthorOrAdmin(scope, note);
  if (body.noteTypeSlug) await requireNoteType(db, body.noteTypeSlug);
  const noteable: Noteable = { type: note.noteableTypeSlug as NoteableTypeSlug, id: note.noteableId };
  await requireMentionable(db, scope, noteable, body.mentionedUserUuids);
  await db.transaction(async (tx) => {
    await tx
      .update(notes)
      .set({
        message: body.message,
        ...(body.noteTypeSlug ? { noteTypeSlug: body.noteTypeSlug } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(notes.id, note.id), eq(notes.companyId, scope.companyId)));
    // Only the people newly mentioned are told; a list left out keeps the mentions as they were.
    if (body.mentionedUserUuids)
      await mentionIn(tx, scope, { id: note.id, noteable, message: body.message }, body.mentionedUserUuids);
  });
}

export async function deleteNote(db: DbOrTx, scope: NoteScope, opts: { noteId: string }) {
  const note = await requireNote(db, scope, { noteId: opts.noteId, action: 'note' });
  requireAuthorOrAdmin(scope, note);
  return softDeleteNoteTree(db, { companyId: scope.companyId, noteId: note.id });
}

/** A page of a record's threads (top-level notes, newest first, each with its replies) and how many there are. */
export async function listNoteThreads(
  db: DbOrTx,
  opts: { companyId: string; type: string; noteableId: string; query: NoteListQuery },
): Promise<{ notes: Note[]; total: number }> {
  const { rows, total } = await listTopNotes(db, opts);
  const replies = await listReplies(db, { companyId: opts.companyId, threadIds: rows.map((r) => r.id) });
  const mentions = await mentionsOf(
    db,
    [...rows, ...replies].map((r) => r.id),
  );
  return { notes: presentThreads(rows, replies, mentions), total };
}

/** A note as its thread: a top-level note with its replies, a reply on its own. */
export async function loadThread(db: DbOrTx, scope: NoteScope, note: NoteRow): Promise<Note> {
  const replies = note.parentNoteId
    ? []
    : await listReplies(db, { companyId: scope.companyId, threadIds: [note.id] });
  const mentions = await mentionsOf(
    db,
    [note, ...replies].map((r) => r.id),
  );
  return presentThreads([note], replies, mentions)[0]!;
}

/** Writes a note (`createNote`) and answers it as a new thread. */
export async function addNote(
  db: DbOrTx,
  scope: NoteScope,
  body: Parameters<typeof createNote>[2],
): Promise<Note> {
  const id = await createNote(db, scope, body);
  const note = await requireNote(db, scope, { noteId: id, action: 'read' });
  return presentNote(note, await mentionsOf(db, [id]), []);
}

/** The notes of a `latestNotesJson` column, presented. */
export function notesFromJson(text: string): Note[] {
  type JsonNote = Omit<NoteRow, 'createdAt' | 'updatedAt' | 'deletedAt'> & {
    createdAt: string;
    updatedAt: string;
    deletedAt: string | null;
    mentions: { userUuid: string; name: string }[];
  };
  return (JSON.parse(text) as JsonNote[]).map(({ mentions, ...n }) =>
    presentNote(
      {
        ...n,
        createdAt: new Date(n.createdAt),
        updatedAt: new Date(n.updatedAt),
        deletedAt: n.deletedAt === null ? null : new Date(n.deletedAt),
      },
      new Map([[n.id, mentions]]),
    ),
  );
}
