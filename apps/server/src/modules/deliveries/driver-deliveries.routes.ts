import {
  driverScopeCalls,
  DRIVER_PROOF_FILE_PATH,
  LIMITS,
  NOTE_TEXTS,
  PROOF_MIME_TYPES,
  UuidSchema,
} from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { driverActor } from '../../access/actor.js';
import { registerDeliveryCall } from '../../access/delivery-call.js';
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
import { scanParcel } from './parcel-scans.service.js';
import { changeStatus } from './status.service.js';

/** The driver's own calls: what is assigned to them now, whichever company assigned it. */
export function driverDeliveryRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  registerCall(app, driverScopeCalls.listMyDeliveries, async ({ request }) => ({
    data: await listMyDeliveries(db, driverActor(request)),
  }));

  registerDeliveryCall(app, driverScopeCalls.getMyDelivery, async ({ access }) => ({
    data: await loadDriverDelivery(db, access),
  }));

  registerDeliveryCall(app, driverScopeCalls.changeMyDeliveryStatus, async ({ access, body }) => {
    await changeStatus(app.database.db, access, body);
    return { data: await loadDriverDelivery(db, access), message: 'Status changed.' };
  });

  registerDeliveryCall(app, driverScopeCalls.uploadMyProof, async ({ request, access }) => {
    const upload = await readUpload(request, LIMITS.proofBytesMax);
    const proof = await uploadProof(app.database.db, app.storage, access, { upload, companySlug: null });
    return { data: proof, message: 'Proof uploaded.' };
  });

  registerDeliveryCall(app, driverScopeCalls.confirmMyHandoverPin, async ({ access, body }) => {
    const proof = await confirmHandoverPin(app.database.db, app.storage, access, body);
    return { data: proof, message: 'Handover code confirmed.' };
  });

  registerDeliveryCall(app, driverScopeCalls.scanMyParcel, async ({ access, body }) => {
    const result = await scanParcel(app.database.db, access, body);
    return {
      data: result,
      message: `${result.parcel.name}: ${result.scan.kind === 'dropoff' ? 'handed over' : 'collected'}.`,
    };
  });

  registerDeliveryCall(app, driverScopeCalls.listMyDeliveryNotes, async ({ access, params, query }) => {
    const scope = noteScopeOf(access);
    const { notes, total } = await listNoteThreads(db, {
      companyId: scope.companyId,
      type: 'deliveries',
      noteableId: params.deliveryUuid,
      query,
    });
    return { data: notes, meta: paginationMeta(query, total) };
  });

  registerDeliveryCall(app, driverScopeCalls.createMyDeliveryNote, async ({ access, params, body }) => {
    const scope = noteScopeOf(access);
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
