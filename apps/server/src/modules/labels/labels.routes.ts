import {
  CompanyParamsSchema,
  DELIVERY_LABELS_PATH,
  DeliveryLabelsQuerySchema,
  DeliveryParamsSchema,
  LABELS_PATH,
  LabelsQuerySchema,
} from '@courier/contract';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { companyActor } from '../../access/actor.js';
import { deliveryAccess } from '../../access/delivery-access.js';
import { deliveryFileActionOf } from '../../access/delivery-call.js';
import { registerFileCall } from '../../lib/file-route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { deliveriesLabels, deliveryLabels, type LabelsFile } from './labels.service.js';

const PDF = ['application/pdf'] as const;

/** Opened in the browser's viewer, to print; made again on each request, so never kept. */
function sendPdf(reply: FastifyReply, file: LabelsFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(file.filename, { type: 'inline' }))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.pdf);
}

/** Parcel labels (decision 067) through a company's admin paths: the owner's and the carrier's admins. */
export function labelRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  const appUrl = app.config.appUrl;
  // What the policy is asked of each delivery: the routes' rule in the matrix (whoever reads the delivery).
  const oneAction = deliveryFileActionOf(DELIVERY_LABELS_PATH);
  const eachAction = deliveryFileActionOf(LABELS_PATH);

  registerFileCall(
    app,
    {
      path: DELIVERY_LABELS_PATH,
      summary: "A delivery's parcel labels (PDF, a page per parcel), or one parcel's",
      params: DeliveryParamsSchema,
      query: DeliveryLabelsQuerySchema,
      types: PDF,
      answer: 'The labels, a page per parcel.',
    },
    async (request, reply) => {
      const access = await deliveryAccess(db, companyActor(request), oneAction, request.params.deliveryUuid);
      const file = await deliveryLabels(db, access, {
        companyId: tenantOf(request).companyId,
        size: request.query.size,
        parcelUuid: request.query.parcel,
        appUrl,
      });
      return sendPdf(reply, file);
    },
  );

  registerFileCall(
    app,
    {
      path: LABELS_PATH,
      summary: 'The parcel labels of several deliveries at once (PDF, a page per parcel)',
      params: CompanyParamsSchema,
      query: LabelsQuerySchema,
      types: PDF,
      answer: 'The labels, a page per parcel, delivery by delivery.',
    },
    async (request, reply) => {
      const file = await deliveriesLabels(db, companyActor(request), request.query.delivery, {
        action: eachAction,
        companyId: tenantOf(request).companyId,
        size: request.query.size,
        appUrl,
      });
      return sendPdf(reply, file);
    },
  );
}
