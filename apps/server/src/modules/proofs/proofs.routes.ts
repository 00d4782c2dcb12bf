import { LIMITS, PROOF_FILE_PATH, proofCalls, CompanyParamsSchema, UuidSchema } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.js';
import { registerCall } from '../../lib/route.js';
import { readUpload } from '../../lib/storage/upload.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { requireCallerDelivery } from '../deliveries/deliveries.access.js';
import { sendStoredFile } from '../files/files.service.js';
import { groupProofs, presentProof } from './proofs.presenter.js';
import { findProofRow, listProofRows } from './proofs.queries.js';
import { addProof } from './proofs.service.js';

/** Drivers upload proofs for the deliveries they carry; admins for any delivery the company sees. */
const ROLES = { roles: ['company-admin', 'driver'] as const };

export function proofRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  registerCall(
    app,
    proofCalls.uploadProof,
    async ({ request, params }) => {
      const t = tenantOf(request);
      const upload = await readUpload(request, LIMITS.proofBytesMax);
      const id = await addProof(app.database.db, app.storage, {
        companyId: t.companyId,
        roles: t.roles,
        userId: request.auth!.userId,
        deliveryId: params.deliveryUuid,
        upload,
      });
      return { data: presentProof((await findProofRow(db, id))!, t.companySlug), message: 'Proof uploaded.' };
    },
    ROLES,
  );

  registerCall(
    app,
    proofCalls.listProofs,
    async ({ request, query }) => {
      const t = tenantOf(request);
      await requireCallerDelivery(db, { ...t, userId: request.auth!.userId, deliveryId: query.deliveryUuid });
      return { data: groupProofs(await listProofRows(db, query.deliveryUuid), t.companySlug) };
    },
    ROLES,
  );

  // The file itself: only to a company that sees the delivery (its owner or carrier), with its checked type.
  app.withTypeProvider<ZodTypeProvider>().get(
    PROOF_FILE_PATH,
    {
      schema: {
        params: CompanyParamsSchema.extend({ documentUuid: UuidSchema }),
        summary: 'Download a proof of delivery',
        tags: ['company'],
      },
      config: ROLES,
    },
    async (request, reply) => {
      const t = tenantOf(request);
      const proof = await findProofRow(db, request.params.documentUuid);
      if (!proof) throw notFound('Document');
      await requireCallerDelivery(db, {
        ...t,
        userId: request.auth!.userId,
        deliveryId: proof.deliveryId,
      }).catch(() => {
        throw notFound('Document');
      });
      return sendStoredFile(reply, app.storage, proof.file);
    },
  );
}
