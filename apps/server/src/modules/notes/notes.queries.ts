import type { NoteListQuery } from '@courier/contract';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { notes, users } from '../../db/schema/index.js';
import { readPage } from '../../lib/pagination.js';

export const noteColumns = {
  id: notes.id,
  noteableTypeSlug: notes.noteableTypeSlug,
  noteableId: notes.noteableId,
  noteTypeSlug: notes.noteTypeSlug,
  parentNoteId: notes.parentNoteId,
  threadNoteId: notes.threadNoteId,
  message: notes.message,
  createdByUserId: notes.createdByUserId,
  createdByName: sql<string>`${users.firstname} || ' ' || ${users.lastname}`,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
  deletedAt: notes.deletedAt,
};
export type NoteRow = Awaited<ReturnType<typeof findNote>> & {};

const live = (companyId: string) => and(eq(notes.companyId, companyId), isNull(notes.deletedAt));

/** A page of a record's top-level notes, newest first, and how many there are. */
export async function listTopNotes(
  db: DbOrTx,
  opts: { companyId: string; type: string; noteableId: string; query: NoteListQuery },
) {
  const where = and(
    live(opts.companyId),
    eq(notes.noteableTypeSlug, opts.type),
    eq(notes.noteableId, opts.noteableId),
    isNull(notes.parentNoteId),
    opts.query.note_type ? eq(notes.noteTypeSlug, opts.query.note_type) : undefined,
  );
  return readPage(opts.query, {
    rows: ({ limit, offset }) =>
      db
        .select(noteColumns)
        .from(notes)
        .innerJoin(users, eq(users.id, notes.createdByUserId))
        .where(where)
        .orderBy(desc(notes.createdAt), desc(notes.id))
        .limit(limit)
        .offset(offset),
    count: () => db.select({ n: count() }).from(notes).where(where),
  });
}

/** The live replies of some threads, oldest first: one query for a whole page. */
export async function listReplies(db: DbOrTx, opts: { companyId: string; threadIds: string[] }) {
  if (opts.threadIds.length === 0) return [];
  return db
    .select(noteColumns)
    .from(notes)
    .innerJoin(users, eq(users.id, notes.createdByUserId))
    .where(and(live(opts.companyId), inArray(notes.threadNoteId, opts.threadIds)))
    .orderBy(asc(notes.createdAt), asc(notes.id));
}

export async function findNote(db: DbOrTx, opts: { companyId: string; noteId: string }) {
  const [row] = await db
    .select(noteColumns)
    .from(notes)
    .innerJoin(users, eq(users.id, notes.createdByUserId))
    .where(and(live(opts.companyId), eq(notes.id, opts.noteId)))
    .limit(1);
  return row;
}

/** Soft-deletes a note and every reply below it; answers how many notes were deleted. */
export async function softDeleteNoteTree(db: DbOrTx, opts: { companyId: string; noteId: string }) {
  const result = await db.execute(sql`
    with recursive tree as (
      select id from ${notes} where id = ${opts.noteId} and company_id = ${opts.companyId}
      union all
      select n.id from ${notes} n join tree on n.parent_note_id = tree.id
    )
    update ${notes} set deleted_at = now(), updated_at = now()
    where id in (select id from tree) and deleted_at is null
    returning id`);
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  return rows.length;
}
