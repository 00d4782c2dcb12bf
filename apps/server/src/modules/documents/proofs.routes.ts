import {
  CompanyParamsSchema,
  LIMITS,
  PROOF_FILE_PATH,
  PROOF_MIME_TYPES,
  proofCalls,
  UuidSchema,
} from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { companyActor } from '../../access/actor.js';
import { registerDeliveryCall } from '../../access/delivery-call.js';
import { registerFileCall } from '../../lib/file-route.js';
import { readUpload } from '../../lib/storage/upload.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { groupProofs } from './proofs.presenter.js';
import { listProofRows } from './proofs.queries.js';
import { sendProofFile, uploadProof } from './proofs.service.js';

/** Proofs through a company's admin paths: the owner's and the carrier's admins (drivers have their own calls). */
export function proofRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  registerDeliveryCall(app, proofCalls.uploadProof, async ({ request, access }) => {
    const upload = await readUpload(request, LIMITS.proofBytesMax);
    const proof = await uploadProof(app.database.db, app.storage, access, {
      upload,
      companySlug: tenantOf(request).companySlug,
    });
    return { data: proof, message: 'Proof uploaded.' };
  });

  registerDeliveryCall(app, proofCalls.listProofs, async ({ request, access }) => {
    return { data: groupProofs(await listProofRows(db, access), tenantOf(request).companySlug) };
  });

  // The file itself: only to a company that sees the delivery (its owner or carrier), with its checked type.
  registerFileCall(
    app,
    {
      path: PROOF_FILE_PATH,
      summary: 'Download a proof of delivery',
      params: CompanyParamsSchema.extend({ documentUuid: UuidSchema }),
      types: PROOF_MIME_TYPES,
    },
    (request, reply) =>
      sendProofFile(reply, db, app.storage, {
        actor: companyActor(request),
        documentUuid: request.params.documentUuid,
      }),
  );
}
