import { NOTE_TEXTS, noteCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { paginationMeta } from '../../lib/pagination.js';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { requireNoteable } from './notes.access.js';
import { presentThreads } from './notes.presenter.js';
import { listReplies, listTopNotes } from './notes.queries.js';
import { createNote, deleteNote, requireNote, updateNote } from './notes.service.js';

/** Drivers write notes on the deliveries they carry; everything else is for company admins (notes.access.ts). */
const ROLES = { roles: ['company-admin', 'driver'] as const };

export function noteRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  const loadThread = async (
    companyId: string,
    noteId: string,
    tenantNote: Awaited<ReturnType<typeof requireNote>>,
  ) => {
    const replies = tenantNote.parentNoteId ? [] : await listReplies(db, { companyId, threadIds: [noteId] });
    return presentThreads([tenantNote], replies)[0]!;
  };

  registerCall(
    app,
    noteCalls.listNotes,
    async ({ request, params, query }) => {
      const tenant = tenantOf(request);
      const userId = request.auth!.userId;
      await requireNoteable(db, { tenant, userId, type: params.noteableTypePlural, id: params.noteableUuid });
      const { rows, total } = await listTopNotes(db, {
        companyId: tenant.companyId,
        type: params.noteableTypePlural,
        noteableId: params.noteableUuid,
        query,
      });
      const replies = await listReplies(db, {
        companyId: tenant.companyId,
        threadIds: rows.map((r) => r.id),
      });
      return { data: presentThreads(rows, replies), meta: paginationMeta(query, total) };
    },
    ROLES,
  );

  registerCall(
    app,
    noteCalls.createNote,
    async ({ request, body }) => {
      const tenant = tenantOf(request);
      const userId = request.auth!.userId;
      const id = await createNote(db, { tenant, userId, body });
      const note = await requireNote(db, { tenant, userId, noteId: id });
      return { data: await loadThread(tenant.companyId, id, note), message: NOTE_TEXTS.created.message };
    },
    ROLES,
  );

  registerCall(
    app,
    noteCalls.getNote,
    async ({ request, params }) => {
      const tenant = tenantOf(request);
      const note = await requireNote(db, { tenant, userId: request.auth!.userId, noteId: params.note_uuid });
      return { data: await loadThread(tenant.companyId, note.id, note) };
    },
    ROLES,
  );

  registerCall(
    app,
    noteCalls.updateNote,
    async ({ request, params, body }) => {
      const tenant = tenantOf(request);
      const userId = request.auth!.userId;
      await updateNote(db, { tenant, userId, noteId: params.note_uuid, body });
      const note = await requireNote(db, { tenant, userId, noteId: params.note_uuid });
      return { data: await loadThread(tenant.companyId, note.id, note), message: NOTE_TEXTS.updated.message };
    },
    ROLES,
  );

  registerCall(
    app,
    noteCalls.deleteNote,
    async ({ request, params }) => {
      const tenant = tenantOf(request);
      const deleted = await deleteNote(db, {
        tenant,
        userId: request.auth!.userId,
        noteId: params.note_uuid,
      });
      return { data: { uuid: params.note_uuid, deleted }, message: NOTE_TEXTS.deleted.message };
    },
    ROLES,
  );
}
