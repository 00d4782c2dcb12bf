import {
  driverScopeCalls,
  DRIVER_PROOF_FILE_PATH,
  LIMITS,
  NOTE_TEXTS,
  PROOF_MIME_TYPES,
  UuidSchema,
  type DeliveryAction,
} from '@courier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { driverActor } from '../../access/actor.js';
import { deliveryAccess } from '../../access/delivery-access.js';
import { registerFileCall } from '../../lib/file-route.js';
import { paginationMeta } from '../../lib/pagination.js';
import { registerCall } from '../../lib/route.js';
import { readUpload } from '../../lib/storage/upload.js';
import { sendProofFile, uploadProof } from '../documents/index.js';
import { listMyDriverInfos } from '../memberships/index.js';
import { addNote, listNoteThreads } from '../notes/index.js';
import { listMyDeliveries, loadDriverDelivery, noteScopeOf } from './driver-deliveries.service.js';
import { setMyAvailability } from './driver-status.service.js';
import { confirmHandoverPin } from './handover-pin.service.js';
import { changeStatus } from './status.service.js';

/** The driver's own calls: what is assigned to them now, whichever company assigned it. */
export function driverDeliveryRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  const access = (request: FastifyRequest, action: DeliveryAction, deliveryId: string) =>
    deliveryAccess(db, driverActor(request), action, deliveryId);

  registerCall(app, driverScopeCalls.listMyDeliveries, async ({ request }) => ({
    data: await listMyDeliveries(db, driverActor(request)),
  }));

  registerCall(app, driverScopeCalls.getMyDelivery, async ({ request, params }) => ({
    data: await loadDriverDelivery(db, await access(request, 'read', params.deliveryUuid)),
  }));

  registerCall(app, driverScopeCalls.changeMyDeliveryStatus, async ({ request, params, body }) => {
    const granted = await access(request, 'move', params.deliveryUuid);
    await changeStatus(app.database.db, granted, body);
    return { data: await loadDriverDelivery(db, granted), message: 'Status changed.' };
  });

  registerCall(app, driverScopeCalls.uploadMyProof, async ({ request, params }) => {
    const granted = await access(request, 'proof', params.deliveryUuid);
    const upload = await readUpload(request, LIMITS.proofBytesMax);
    const proof = await uploadProof(app.database.db, app.storage, granted, { upload, companySlug: null });
    return { data: proof, message: 'Proof uploaded.' };
  });

  registerCall(app, driverScopeCalls.confirmMyHandoverPin, async ({ request, params, body }) => {
    const granted = await access(request, 'proof', params.deliveryUuid);
    const proof = await confirmHandoverPin(app.database.db, app.storage, granted, body);
    return { data: proof, message: 'Handover code confirmed.' };
  });

  registerCall(app, driverScopeCalls.listMyDeliveryNotes, async ({ request, params, query }) => {
    const scope = noteScopeOf(await access(request, 'read', params.deliveryUuid));
    const { notes, total } = await listNoteThreads(db, {
      companyId: scope.companyId,
      type: 'deliveries',
      noteableId: params.deliveryUuid,
      query,
    });
    return { data: notes, meta: paginationMeta(query, total) };
  });

  registerCall(app, driverScopeCalls.createMyDeliveryNote, async ({ request, params, body }) => {
    const scope = noteScopeOf(await access(request, 'note', params.deliveryUuid));
    const note = await addNote(db, scope, {
      noteableType: 'deliveries',
      noteableUuid: params.deliveryUuid,
      noteTypeSlug: 'general',
      message: body.message,
      parent_note_uuid: body.parent_note_uuid ?? null,
    });
    return { data: note, message: NOTE_TEXTS.created.message };
  });

  registerCall(app, driverScopeCalls.getMyStatus, async ({ request }) => ({
    data: await listMyDriverInfos(db, driverActor(request)),
  }));

  registerCall(app, driverScopeCalls.updateMyStatus, async ({ request, body }) => {
    const { infos, keptOnDelivery } = await setMyAvailability(
      db,
      driverActor(request),
      body.driverStatusSlug,
    );
    return {
      data: infos,
      message: keptOnDelivery
        ? 'You have a delivery under way: you stay on delivery until it ends.'
        : 'Your status changed.',
    };
  });

  registerFileCall(
    app,
    {
      path: DRIVER_PROOF_FILE_PATH,
      summary: 'Download a proof of a delivery assigned to me',
      params: z.object({ documentUuid: UuidSchema }),
      types: PROOF_MIME_TYPES,
    },
    (request, reply) =>
      sendProofFile(reply, db, app.storage, {
        actor: driverActor(request),
        documentUuid: request.params.documentUuid,
      }),
  );
}
