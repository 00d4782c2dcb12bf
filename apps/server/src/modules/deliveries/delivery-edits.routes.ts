import { deliveryCalls, type DeliveryAction } from '@courier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { companyActor } from '../../access/actor.js';
import { deliveryAccess } from '../../access/delivery-access.js';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { presentContact } from '../directory/index.js';
import { presentParcel, presentQuote, presentStep, presentTask } from './delivery-children.presenter.js';
import { addContactToParcel, addParcelToTask } from './parcels.service.js';
import { addContactToTask, addStep, addTaskToStep } from './steps.service.js';
import { createQuote, decideQuote, deliveryOfQuote } from './quotes.service.js';

/** The spec's delivery writes beyond create, status and links, with its success texts. */
export function deliveryEditRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  const access = (request: FastifyRequest, action: DeliveryAction, deliveryId: string, as?: string) =>
    deliveryAccess(db, companyActor(request), action, deliveryId, as ? { as } : {});

  registerCall(app, deliveryCalls.addContactToTask, async ({ request, params, body }) => {
    const contact = await addContactToTask(db, await access(request, 'edit', params.deliveryUuid), {
      taskId: body.deliveryStepTaskUuid,
      contact: body.contact,
    });
    return {
      data: presentContact(contact),
      message: 'Contact person has been successfully associated with the task.',
    };
  });

  // A parcel is the company's own record (it may be on no delivery yet).
  registerCall(app, deliveryCalls.addContactToParcel, async ({ request, params, body }) => {
    const contact = await addContactToParcel(db, {
      companyId: tenantOf(request).companyId,
      parcelId: params.parcelUuid,
      contact: body.contact,
    });
    return { data: presentContact(contact), message: 'Contact has been added to parcel' };
  });

  registerCall(app, deliveryCalls.addParcelToTask, async ({ request, params, body }) => {
    const parcel = await addParcelToTask(db, await access(request, 'edit', params.deliveryUuid), {
      taskId: body.deliveryStepTaskUuid,
      parcel: body.parcel,
    });
    return { data: presentParcel(parcel), message: 'New parcel has been added to the delivery task.' };
  });

  registerCall(app, deliveryCalls.addPickupTask, async ({ request, params, body }) => {
    const task = await addTaskToStep(db, await access(request, 'edit', params.deliveryUuid), {
      stepId: body.deliveryStepUuid,
      typeSlug: 'pickup',
    });
    return { data: presentTask(task), message: 'New pickup task has been added to delivery step' };
  });

  registerCall(app, deliveryCalls.addDropoffTask, async ({ request, params, body }) => {
    const task = await addTaskToStep(db, await access(request, 'edit', params.deliveryUuid), {
      stepId: body.deliveryStepUuid,
      typeSlug: 'dropoff',
    });
    return { data: presentTask(task), message: 'New dropoff task has been added to delivery step' };
  });

  registerCall(app, deliveryCalls.addStepWithAddress, async ({ request, params, body }) => {
    const granted = await access(request, 'edit', params.deliveryUuid);
    const step = await addStep(db, app.routeEstimator, granted, body);
    return { data: presentStep(step), message: 'New delivery step has been added successfully' };
  });

  registerCall(app, deliveryCalls.createQuote, async ({ request, params, body }) => {
    const quote = await createQuote(db, await access(request, 'quote', params.deliveryUuid), body);
    return { data: presentQuote(quote), message: 'Quote created.' };
  });

  const decide = async (request: FastifyRequest, quoteId: string, decision: 'accepted' | 'rejected') => {
    const granted = await access(request, 'decide-quote', await deliveryOfQuote(db, quoteId), 'Quote');
    return presentQuote(await decideQuote(db, granted, { quoteId, decision }));
  };

  registerCall(app, deliveryCalls.acceptQuote, async ({ request, params }) => ({
    data: await decide(request, params.quoteUuid, 'accepted'),
    message: 'Quote accepted.',
  }));

  registerCall(app, deliveryCalls.rejectQuote, async ({ request, params }) => ({
    data: await decide(request, params.quoteUuid, 'rejected'),
    message: 'Quote rejected.',
  }));
}
