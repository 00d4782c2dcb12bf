import { DRIVER_DOCUMENT_FILE_PATH, DriverDocumentParamsSchema, driverCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.js';
import { registerCall } from '../../lib/route.js';
import { readUpload } from '../../lib/storage/upload.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { sendStoredFile } from '../documents/index.js';
import { grantRole } from './company-users.service.js';
import { findDriverDocument, listDriverUserIds, updateDriverInfoRow } from './drivers.queries.js';
import {
  addDriverDocument,
  DRIVER_DOCUMENT_MAX_BYTES,
  loadDriverInfo,
  loadDriverInfos,
} from './drivers.service.js';

export function driverRoutes(app: FastifyInstance): void {
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
    const { email, licenceNumber, insuranceNumber, ...newAccount } = body;
    const granted = await grantRole(db, { companyId: t.companyId, role: 'driver', email, newAccount });
    if (licenceNumber || insuranceNumber) {
      await updateDriverInfoRow(
        db,
        { companyId: t.companyId, userId: granted.userId },
        { licenceNumber, insuranceNumber },
      );
    }
    const info = await loadDriverInfo(db, {
      companyId: t.companyId,
      companySlug: t.companySlug,
      userId: granted.userId,
    });
    return { data: { user: granted.user, info, created: granted.created }, message: 'Driver added.' };
  });

  registerCall(app, driverCalls.updateDriverStatus, async ({ request, body }) => {
    const t = tenantOf(request);
    const id = await updateDriverInfoRow(
      db,
      { companyId: t.companyId, userId: body.driverUserUuid },
      { statusSlug: body.driverStatusSlug },
    );
    if (!id) throw notFound('Driver');
    return {
      data: await loadDriverInfo(db, { ...t, userId: body.driverUserUuid }),
      message: 'Driver status changed.',
    };
  });

  registerCall(app, driverCalls.updateDriverInfo, async ({ request, params, body }) => {
    const t = tenantOf(request);
    const toDate = (v: string | null | undefined) =>
      v === undefined ? undefined : v === null ? null : new Date(v);
    const id = await updateDriverInfoRow(
      db,
      { companyId: t.companyId, userId: params.driverUserUuid },
      {
        licenceNumber: body.licenceNumber ?? null,
        insuranceNumber: body.insuranceNumber ?? null,
        licenceExpiresAt: toDate(body.licenceExpiresAt),
        insuranceExpiresAt: toDate(body.insuranceExpiresAt),
      },
    );
    if (!id) throw notFound('Driver');
    return {
      data: await loadDriverInfo(db, { ...t, userId: params.driverUserUuid }),
      message: 'Driver info saved.',
    };
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
