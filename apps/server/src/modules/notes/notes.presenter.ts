import type { Note, NoteMention } from '@courier/contract';
import { iso, isoOrNull } from '../../lib/dates.js';
import type { NoteRow } from './notes.queries.js';

/** The people each note mentions, by note id (`mentionsOf`). */
export type MentionsByNote = ReadonlyMap<string, NoteMention[]>;

export function presentNote(row: NoteRow, mentions: MentionsByNote, replies?: Note[]): Note {
  return {
    uuid: row.id,
    noteableType: row.noteableTypeSlug,
    noteableUuid: row.noteableId,
    noteCategorySlug: row.parentNoteId ? 'reply' : 'note',
    noteTypeSlug: row.noteTypeSlug,
    message: row.message,
    createdByUserUuid: row.createdByUserId,
    createdByName: row.createdByName,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    parent_note_uuid: row.parentNoteId,
    deleted_at: isoOrNull(row.deletedAt),
    mentions: mentions.get(row.id) ?? [],
    ...(replies ? { replies } : {}),
  };
}

/** Top-level notes with their replies flattened under them (oldest first). */
export function presentThreads(top: NoteRow[], replies: NoteRow[], mentions: MentionsByNote): Note[] {
  const byThread = new Map<string, Note[]>();
  for (const r of replies) {
    const list = byThread.get(r.threadNoteId ?? '') ?? [];
    list.push(presentNote(r, mentions));
    byThread.set(r.threadNoteId ?? '', list);
  }
  return top.map((n) => presentNote(n, mentions, byThread.get(n.id) ?? []));
}
