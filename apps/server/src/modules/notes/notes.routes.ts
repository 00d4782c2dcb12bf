import { NOTE_TEXTS, noteCalls } from '@courier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { companyActor } from '../../access/actor.js';
import { paginationMeta } from '../../lib/pagination.js';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { requireNoteable, type NoteScope } from './notes.access.js';
import { mentionableOf } from './notes.mentions.js';
import {
  addNote,
  deleteNote,
  listNoteThreads,
  loadThread,
  requireNote,
  updateNote,
} from './notes.service.js';

/** The admin side of notes: the company's own notes on its records and on the deliveries it owns or carries. */
export function noteRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  const scopeOf = (request: FastifyRequest): NoteScope => ({
    actor: companyActor(request),
    companyId: tenantOf(request).companyId,
  });

  registerCall(app, noteCalls.listNotes, async ({ request, params, query }) => {
    const scope = scopeOf(request);
    await requireNoteable(db, scope, {
      type: params.noteableTypePlural,
      id: params.noteableUuid,
      action: 'read',
    });
    const { notes, total } = await listNoteThreads(db, {
      companyId: scope.companyId,
      type: params.noteableTypePlural,
      noteableId: params.noteableUuid,
      query,
    });
    return { data: notes, meta: paginationMeta(query, total) };
  });

  registerCall(app, noteCalls.listMentionable, async ({ request, params }) => ({
    data: await mentionableOf(db, scopeOf(request), {
      type: params.noteableTypePlural,
      id: params.noteableUuid,
    }),
  }));

  registerCall(app, noteCalls.createNote, async ({ request, body }) => {
    // A new note has no replies yet: it is answered as a thread of its own.
    return { data: await addNote(db, scopeOf(request), body), message: NOTE_TEXTS.created.message };
  });

  registerCall(app, noteCalls.getNote, async ({ request, params }) => {
    const scope = scopeOf(request);
    const note = await requireNote(db, scope, { noteId: params.note_uuid, action: 'read' });
    return { data: await loadThread(db, scope, note) };
  });

  registerCall(app, noteCalls.updateNote, async ({ request, params, body }) => {
    const scope = scopeOf(request);
    await updateNote(db, scope, { noteId: params.note_uuid, body });
    const note = await requireNote(db, scope, { noteId: params.note_uuid, action: 'read' });
    return { data: await loadThread(db, scope, note), message: NOTE_TEXTS.updated.message };
  });

  registerCall(app, noteCalls.deleteNote, async ({ request, params }) => {
    const deleted = await deleteNote(db, scopeOf(request), { noteId: params.note_uuid });
    return { data: { uuid: params.note_uuid, deleted }, message: NOTE_TEXTS.deleted.message };
  });
}
