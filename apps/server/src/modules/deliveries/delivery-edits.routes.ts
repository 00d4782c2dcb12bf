import { deliveryCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { isoOrNull } from '../../lib/dates.js';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { presentParcel, presentQuote } from './delivery-children.presenter.js';
import {
  addContactToParcel,
  addContactToTask,
  addParcelToTask,
  addStep,
  addTaskToStep,
} from './delivery-edits.service.js';
import { createQuote, decideQuote } from './quotes.service.js';
import { presentContact } from './delivery-children.presenter.js';

const presentTask = (t: {
  id: string;
  stepId: string;
  typeSlug: string;
  taskOrderNo: number;
  completedAt: Date | null;
}) => ({
  uuid: t.id,
  deliveryStepTaskUuid: t.id,
  deliveryStepUuid: t.stepId,
  deliveryStepTaskTypeSlug: t.typeSlug,
  taskOrderNo: t.taskOrderNo,
  completedAt: isoOrNull(t.completedAt),
});

/** The spec's delivery writes beyond create, status and links, with its success texts. */
export function deliveryEditRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  registerCall(app, deliveryCalls.addContactToTask, async ({ request, params, body }) => {
    const contact = await addContactToTask(db, {
      companyId: tenantOf(request).companyId,
      deliveryId: params.deliveryUuid,
      taskId: body.deliveryStepTaskUuid,
      contact: body.contact,
    });
    return {
      data: presentContact(contact),
      message: 'Contact person has been successfully associated with the task.',
    };
  });

  registerCall(app, deliveryCalls.addContactToParcel, async ({ request, params, body }) => {
    const contact = await addContactToParcel(db, {
      companyId: tenantOf(request).companyId,
      parcelId: params.parcelUuid,
      contact: body.contact,
    });
    return { data: presentContact(contact), message: 'Contact has been added to parcel' };
  });

  registerCall(app, deliveryCalls.addParcelToTask, async ({ request, params, body }) => {
    const parcel = await addParcelToTask(db, {
      companyId: tenantOf(request).companyId,
      deliveryId: params.deliveryUuid,
      taskId: body.deliveryStepTaskUuid,
      parcel: body.parcel,
    });
    return { data: presentParcel(parcel), message: 'New parcel has been added to the delivery task.' };
  });

  registerCall(app, deliveryCalls.addPickupTask, async ({ request, params, body }) => {
    const task = await addTaskToStep(db, {
      companyId: tenantOf(request).companyId,
      deliveryId: params.deliveryUuid,
      stepId: body.deliveryStepUuid,
      typeSlug: 'pickup',
    });
    return { data: presentTask(task), message: 'New pickup task has been added to delivery step' };
  });

  registerCall(app, deliveryCalls.addDropoffTask, async ({ request, params, body }) => {
    const task = await addTaskToStep(db, {
      companyId: tenantOf(request).companyId,
      deliveryId: params.deliveryUuid,
      stepId: body.deliveryStepUuid,
      typeSlug: 'dropoff',
    });
    return { data: presentTask(task), message: 'New dropoff task has been added to delivery step' };
  });

  registerCall(app, deliveryCalls.addStepWithAddress, async ({ request, params, body }) => {
    const step = await addStep(db, app.routeEstimator, {
      companyId: tenantOf(request).companyId,
      deliveryId: params.deliveryUuid,
      ...body,
    });
    return {
      data: {
        uuid: step.id,
        deliveryUuid: step.deliveryId,
        stepOrderNo: step.stepOrderNo,
        ...(step.addressId ? { addressUuid: step.addressId } : {}),
        location: step.lat !== null && step.lng !== null ? { lat: step.lat, lng: step.lng } : null,
      },
      message: 'New delivery step has been added successfully',
    };
  });

  registerCall(app, deliveryCalls.createQuote, async ({ request, params, body }) => {
    const quote = await createQuote(db, {
      companyId: tenantOf(request).companyId,
      userId: request.auth!.userId,
      deliveryId: params.deliveryUuid,
      ...body,
    });
    return { data: presentQuote(quote), message: 'Quote created.' };
  });

  registerCall(app, deliveryCalls.acceptQuote, async ({ request, params }) => {
    const quote = await decideQuote(db, {
      companyId: tenantOf(request).companyId,
      userId: request.auth!.userId,
      quoteId: params.quoteUuid,
      decision: 'accepted',
    });
    return { data: presentQuote(quote), message: 'Quote accepted.' };
  });

  registerCall(app, deliveryCalls.rejectQuote, async ({ request, params }) => {
    const quote = await decideQuote(db, {
      companyId: tenantOf(request).companyId,
      userId: request.auth!.userId,
      quoteId: params.quoteUuid,
      decision: 'rejected',
    });
    return { data: presentQuote(quote), message: 'Quote rejected.' };
  });
}
