import { DRIVER_DOCUMENT_FILE_PATH, DriverDocumentParamsSchema, driverCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.js';
import { registerCall } from '../../lib/route.js';
import { readUpload } from '../../lib/storage/upload.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { sendStoredFile } from '../documents/index.js';
import { findDriverDocument, listDriverUserIds } from './drivers.queries.js';
import {
  addDriverDocument,
  createDriver,
  DRIVER_DOCUMENT_MAX_BYTES,
  loadDriverInfo,
  loadDriverInfos,
  setDriverStatus,
  updateDriverInfo,
} from './drivers.service.js';
import { INVITED_MESSAGE } from './company-users.routes.js';
import type { MailSetup } from './invitations.service.js';

export function driverRoutes(app: FastifyInstance, mail: MailSetup): void {
  const db = app.database.db;

  registerCall(app, driverCalls.listDriverUserUuids, async ({ request }) => ({
    data: await listDriverUserIds(db, tenantOf(request).companyId),
  }));

  registerCall(app, driverCalls.listDriverInfo, async ({ request }) => {
    const t = tenantOf(request);
    const infos = await loadDriverInfos(db, { companyId: t.companyId, companySlug: t.companySlug });
    return { data: Object.fromEntries(infos.map((i) => [i.driverUserUuid, i])) };
  });

  registerCall(app, driverCalls.createDriver, async ({ request, body }) => {
    const t = tenantOf(request);
    const { data, mail: grantMail } = await createDriver(db, {
      companyId: t.companyId,
      companySlug: t.companySlug,
      invitedByUserId: request.auth?.userId ?? null,
      mail,
      body,
    });
    return { data, message: grantMail.kind === 'invitation' ? INVITED_MESSAGE : 'Driver added.' };
  });

  registerCall(app, driverCalls.updateDriverStatus, async ({ request, body }) => {
    const t = tenantOf(request);
    const info = await setDriverStatus(db, {
      companyId: t.companyId,
      companySlug: t.companySlug,
      userId: body.driverUserUuid,
      statusSlug: body.driverStatusSlug,
    });
    return { data: info, message: 'Driver status changed.' };
  });

  registerCall(app, driverCalls.updateDriverInfo, async ({ request, params, body }) => {
    const t = tenantOf(request);
    const info = await updateDriverInfo(db, {
      companyId: t.companyId,
      companySlug: t.companySlug,
      userId: params.driverUserUuid,
      body,
    });
    return { data: info, message: 'Driver info saved.' };
  });

  registerCall(app, driverCalls.uploadDriverDocument, async ({ request, params }) => {
    const t = tenantOf(request);
    const upload = await readUpload(request, DRIVER_DOCUMENT_MAX_BYTES);
    await addDriverDocument(db, app.storage, {
      companyId: t.companyId,
      userId: request.auth!.userId,
      driverUserId: params.driverUserUuid,
      upload,
    });
    return {
      data: await loadDriverInfo(db, { ...t, userId: params.driverUserUuid }),
      message: 'Document uploaded.',
    };
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    DRIVER_DOCUMENT_FILE_PATH,
    {
      schema: {
        params: DriverDocumentParamsSchema,
        summary: 'Download a driver document',
        tags: ['company'],
      },
    },
    async (request, reply) => {
      const t = tenantOf(request);
      const doc = await findDriverDocument(db, {
        companyId: t.companyId,
        userId: request.params.driverUserUuid,
        documentId: request.params.documentUuid,
      });
      if (!doc) throw notFound('Document');
      return sendStoredFile(reply, app.storage, doc);
    },
  );
}
