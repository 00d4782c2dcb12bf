import type { Note } from '@courier/contract';
import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '../../lib/api-client';

export type NotePage = Page<Note[]>;
export type NotePages = InfiniteData<NotePage, unknown>;

/** The pagination record of spec section 3, from the answer's meta. */
export interface NotePagination {
  currentPage: number;
  lastPage: number;
  perPage: number;
  totalItems: number;
}

export interface NoteList {
  notes: Note[];
  pagination: NotePagination;
}

/** Replies of replies are lifted under their top-level note, oldest first (one level, as the spec shows them). */
export function flattenReplies(note: Note): Note {
  const out: Note[] = [];
  const walk = (replies: Note[] | undefined) => {
    for (const reply of replies ?? []) {
      if (reply.deleted_at) continue;
      out.push({ ...reply, replies: [] });
      walk(reply.replies);
    }
  };
  walk(note.replies);
  out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { ...note, replies: out };
}

/** Spec section 4 "Notes": page 1 replaces the list; a later page is appended without duplicates. */
export function mergePage(list: NoteList | null, page: NotePage): NoteList {
  const pagination: NotePagination = {
    currentPage: page.meta.current_page,
    lastPage: page.meta.last_page,
    perPage: page.meta.per_page,
    totalItems: page.meta.total,
  };
  const incoming = page.data.filter((n) => !n.deleted_at).map(flattenReplies);
  if (list === null || page.meta.current_page <= 1) return { notes: incoming, pagination };
  const seen = new Set(list.notes.map((n) => n.uuid));
  return { notes: [...list.notes, ...incoming.filter((n) => !seen.has(n.uuid))], pagination };
}

/** The loaded pages as one list, newest first. */
export function listOf(data: NotePages | undefined): NoteList | null {
  return (data?.pages ?? []).reduce<NoteList | null>(mergePage, null);
}

function mapPages(data: NotePages, fn: (page: NotePage, index: number) => NotePage): NotePages {
  return { ...data, pages: data.pages.map(fn) };
}

/** Creating a top-level note prepends it and adds one to the total; a reply goes under its note, last. */
export function addNote(data: NotePages | undefined, note: Note): NotePages | undefined {
  if (!data) return data;
  if (note.parent_note_uuid) {
    const parent = note.parent_note_uuid;
    return mapPages(data, (page) => ({
      ...page,
      data: page.data.map((n) =>
        n.uuid === parent || n.replies?.some((r) => r.uuid === parent)
          ? { ...n, replies: [...(n.replies ?? []), note] }
          : n,
      ),
    }));
  }
  return mapPages(data, (page, index) => ({
    data: index === 0 ? [note, ...page.data.filter((n) => n.uuid !== note.uuid)] : page.data,
    meta: { ...page.meta, total: page.meta.total + 1 },
  }));
}

/** Deleting a note removes it (or the reply) from the lists; a top-level one subtracts one from the total. */
export function removeNote(data: NotePages | undefined, uuid: string): NotePages | undefined {
  if (!data) return data;
  const topLevel = data.pages.some((page) => page.data.some((n) => n.uuid === uuid));
  return mapPages(data, (page) => ({
    data: page.data
      .filter((n) => n.uuid !== uuid)
      .map((n) => (n.replies ? { ...n, replies: n.replies.filter((r) => r.uuid !== uuid) } : n)),
    meta: topLevel ? { ...page.meta, total: Math.max(0, page.meta.total - 1) } : page.meta,
  }));
}

/** An edited note (or reply) replaces the old one in place, keeping the replies already loaded. */
export function replaceNote(data: NotePages | undefined, note: Note): NotePages | undefined {
  if (!data) return data;
  const swap = (n: Note): Note => (n.uuid === note.uuid ? { ...note, replies: n.replies } : n);
  return mapPages(data, (page) => ({
    ...page,
    data: page.data.map((n) => ({ ...swap(n), replies: n.replies?.map(swap) })),
  }));
}
