import { LIMITS, PROOF_FILE_PATH, proofCalls, CompanyParamsSchema, UuidSchema } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyActor } from '../../access/actor.js';
import { deliveryAccess } from '../../access/delivery-access.js';
import { registerCall } from '../../lib/route.js';
import { readUpload } from '../../lib/storage/upload.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { sendStoredFile } from './files.service.js';
import { groupProofs, presentProof } from './proofs.presenter.js';
import { findProofRow, listProofRows } from './proofs.queries.js';
import { addProof, proofFileFor } from './proofs.service.js';

/** Proofs through a company's admin paths: the owner's and the carrier's admins (drivers have their own calls). */
export function proofRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  registerCall(app, proofCalls.uploadProof, async ({ request, params }) => {
    const access = await deliveryAccess(db, companyActor(request), 'proof', params.deliveryUuid);
    const upload = await readUpload(request, LIMITS.proofBytesMax);
    const id = await addProof(app.database.db, app.storage, access, upload);
    const row = await findProofRow(db, access, id);
    return { data: presentProof(row!, tenantOf(request).companySlug), message: 'Proof uploaded.' };
  });

  registerCall(app, proofCalls.listProofs, async ({ request, query }) => {
    const access = await deliveryAccess(db, companyActor(request), 'read', query.deliveryUuid);
    return { data: groupProofs(await listProofRows(db, access), tenantOf(request).companySlug) };
  });

  // The file itself: only to a company that sees the delivery (its owner or carrier), with its checked type.
  app.withTypeProvider<ZodTypeProvider>().get(
    PROOF_FILE_PATH,
    {
      schema: {
        params: CompanyParamsSchema.extend({ documentUuid: UuidSchema }),
        summary: 'Download a proof of delivery',
        tags: ['company'],
      },
    },
    async (request, reply) => {
      const proof = await proofFileFor(db, companyActor(request), request.params.documentUuid);
      return sendStoredFile(reply, app.storage, proof.file);
    },
  );
}
