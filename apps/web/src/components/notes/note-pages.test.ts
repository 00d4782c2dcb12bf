import type { Note } from '@courier/contract';
import { describe, expect, it } from 'vitest';
import {
  addNote,
  flattenReplies,
  listOf,
  mergePage,
  removeNote,
  replaceNote,
  type NotePage,
  type NotePages,
} from './note-pages';

let n = 0;
function note(over: Partial<Note> = {}): Note {
  n += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
  return {
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    noteableType: 'deliveries',
    noteableUuid: '00000000-0000-4000-8000-aaaaaaaaaaaa',
    noteCategorySlug: 'note',
    noteTypeSlug: 'general',
    message: `note ${n}`,
    createdByUserUuid: '00000000-0000-4000-8000-bbbbbbbbbbbb',
    createdAt: at,
    updatedAt: at,
    parent_note_uuid: null,
    deleted_at: null,
    ...over,
  };
}

function page(data: Note[], current: number, last: number, total: number): NotePage {
  return { data, meta: { current_page: current, last_page: last, per_page: 2, total } };
}

const pages = (...p: NotePage[]): NotePages => ({ pages: p, pageParams: p.map((x) => x.meta.current_page) });

describe('note pages (spec section 4 "Notes")', () => {
  it('page 1 replaces the list and later pages append without duplicates', () => {
    const [a, b, c] = [note(), note(), note()];
    const first = mergePage(null, page([a, b], 1, 2, 3));
    const second = mergePage(first, page([b, c], 2, 2, 3));
    expect(second.notes.map((x) => x.uuid)).toEqual([a.uuid, b.uuid, c.uuid]);
    expect(second.pagination).toEqual({ currentPage: 2, lastPage: 2, perPage: 2, totalItems: 3 });
    expect(mergePage(second, page([c], 1, 1, 1)).notes.map((x) => x.uuid)).toEqual([c.uuid]);
  });

  it('creating a note prepends it and adds one to the total; a reply goes under its note', () => {
    const [a, b] = [note(), note()];
    const created = note();
    const data = addNote(pages(page([a], 1, 2, 2), page([b], 2, 2, 2)), created);
    const list = listOf(data);
    expect(list?.notes.map((x) => x.uuid)).toEqual([created.uuid, a.uuid, b.uuid]);
    expect(list?.pagination.totalItems).toBe(3);
    const reply = note({ parent_note_uuid: b.uuid, noteCategorySlug: 'reply' });
    const withReply = listOf(addNote(data, reply));
    expect(withReply?.pagination.totalItems).toBe(3);
    expect(withReply?.notes[2]?.replies?.map((x) => x.uuid)).toEqual([reply.uuid]);
  });

  it('deleting a note removes it and subtracts one; deleting a reply keeps the total', () => {
    const reply = note({ noteCategorySlug: 'reply' });
    const [a, b] = [note({ replies: [reply] }), note()];
    const data = pages(page([a, b], 1, 1, 2));
    expect(listOf(removeNote(data, b.uuid))?.pagination.totalItems).toBe(1);
    const noReply = listOf(removeNote(data, reply.uuid));
    expect(noReply?.pagination.totalItems).toBe(2);
    expect(noReply?.notes[0]?.replies).toEqual([]);
  });

  it('an edit replaces the note in place and keeps its replies', () => {
    const reply = note();
    const a = note({ replies: [reply] });
    const edited = { ...a, message: 'changed', replies: undefined };
    const list = listOf(replaceNote(pages(page([a], 1, 1, 1)), edited));
    expect(list?.notes[0]?.message).toBe('changed');
    expect(list?.notes[0]?.replies?.map((x) => x.uuid)).toEqual([reply.uuid]);
  });

  it('flattens replies of replies one level, oldest first, without deleted ones', () => {
    const deep = note();
    const gone = note({ deleted_at: new Date().toISOString() });
    const older = note({ replies: [deep] });
    const top = note({ replies: [gone, older] });
    expect(flattenReplies(top).replies?.map((x) => x.uuid)).toEqual([deep.uuid, older.uuid]);
  });
});
