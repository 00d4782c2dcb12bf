import type { NoteListQuery } from '@courier/contract';
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/executed-rows.js';
import { companyMembers, noteMentions, notes, users } from '../../db/schema/index.js';
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
  return rowsOf(result).length;
}

/** The company's active members with their roles and names: whom a note could mention, before the policy is asked. */
export async function companyPeople(db: DbOrTx, companyId: string) {
  const rows = await db
    .select({
      userId: companyMembers.userId,
      roleSlug: companyMembers.roleSlug,
      name: sql<string>`${users.firstname} || ' ' || ${users.lastname}`,
      email: users.email,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.status, 'active')))
    .orderBy(asc(users.firstname), asc(users.lastname), asc(users.id));
  const byUser = new Map<string, { userId: string; name: string; email: string; roles: string[] }>();
  for (const r of rows) {
    const person = byUser.get(r.userId) ?? { userId: r.userId, name: r.name, email: r.email, roles: [] };
    person.roles.push(r.roleSlug);
    byUser.set(r.userId, person);
  }
  return [...byUser.values()];
}

/** The people some notes mention, by note: one query for a whole page. */
export async function mentionsOf(db: DbOrTx, noteIds: readonly string[]) {
  const out = new Map<string, { userUuid: string; name: string }[]>();
  if (noteIds.length === 0) return out;
  const rows = await db
    .select({
      noteId: noteMentions.noteId,
      userUuid: noteMentions.userId,
      name: sql<string>`${users.firstname} || ' ' || ${users.lastname}`,
    })
    .from(noteMentions)
    .innerJoin(users, eq(users.id, noteMentions.userId))
    .where(inArray(noteMentions.noteId, [...noteIds]))
    .orderBy(asc(users.firstname), asc(users.lastname));
  for (const { noteId, ...mention } of rows) out.set(noteId, [...(out.get(noteId) ?? []), mention]);
  return out;
}

/** Makes a note's mentions exactly `userIds`; answers those that were not mentioned before. */
export async function replaceMentions(tx: DbOrTx, noteId: string, userIds: readonly string[]) {
  const before = await tx
    .select({ userId: noteMentions.userId })
    .from(noteMentions)
    .where(eq(noteMentions.noteId, noteId));
  const had = new Set(before.map((r) => r.userId));
  const keep = new Set(userIds);
  const gone = [...had].filter((id) => !keep.has(id));
  if (gone.length > 0)
    await tx
      .delete(noteMentions)
      .where(and(eq(noteMentions.noteId, noteId), inArray(noteMentions.userId, gone)));
  const added = userIds.filter((id) => !had.has(id));
  if (added.length > 0) await tx.insert(noteMentions).values(added.map((userId) => ({ noteId, userId })));
  return added;
}

/**
 * A record's `count` latest live top-level notes (newest first) with their mentions, as one JSON column for a
 * statement of another domain to select (the delivery detail reads its notes in its own statement, decision 043).
 * `companyId` and `noteableId` are SQL (placeholders or columns) of the caller's statement.
 */
export function latestNotesJson(opts: { companyId: SQL; type: string; noteableId: SQL; count: number }) {
  return sql<string>`coalesce((select json_agg(json_build_object('id', n.id, 'noteableTypeSlug', n.noteable_type_slug, 'noteableId', n.noteable_id, 'noteTypeSlug', n.note_type_slug, 'parentNoteId', n.parent_note_id, 'threadNoteId', n.thread_note_id, 'message', n.message, 'createdByUserId', n.created_by_user_id, 'createdByName', n.created_by_name, 'createdAt', n.created_at, 'updatedAt', n.updated_at, 'deletedAt', n.deleted_at, 'mentions', coalesce((select json_agg(json_build_object('userUuid', m.user_id, 'name', mu.firstname || ' ' || mu.lastname) order by mu.firstname, mu.lastname) from ${noteMentions} m join ${users} mu on mu.id = m.user_id where m.note_id = n.id), '[]')) order by n.created_at desc, n.id desc) from (select nn.*, nu.firstname || ' ' || nu.lastname as created_by_name from ${notes} nn join ${users} nu on nu.id = nn.created_by_user_id where nn.company_id = ${opts.companyId} and nn.deleted_at is null and nn.noteable_type_slug = ${sql.raw(`'${opts.type.replace(/'/g, "''")}'`)} and nn.noteable_id = ${opts.noteableId} and nn.parent_note_id is null order by nn.created_at desc, nn.id desc limit ${sql.raw(String(Math.trunc(opts.count)))}) n), '[]')::text`;
}
