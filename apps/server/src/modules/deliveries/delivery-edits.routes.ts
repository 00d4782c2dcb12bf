import { deliveryCalls } from '@courier/contract';
import type { FastifyInstance } from 'fastify';
import { companyActor } from '../../access/actor.js';
import { deliveryAccess } from '../../access/delivery-access.js';
import { deliveryRuleOf, registerDeliveryCall } from '../../access/delivery-call.js';
import { registerCall } from '../../lib/route.js';
import { tenantOf } from '../../plugins/tenancy.plugin.js';
import { presentContact } from '../directory/index.js';
import { presentParcel, presentQuote, presentStep, presentTask } from './delivery-children.presenter.js';
import { addContactToParcel, addParcelToTask } from './parcels.service.js';
import { addContactToTask, addStep, addTaskToStep } from './steps.service.js';
import { createQuote, decideQuote, deliveryOfQuote } from './quotes.service.js';
import { placeStepByHand } from './step-places.service.js';

/** The spec's delivery writes beyond create, status and links, with its success texts. */
export function deliveryEditRoutes(app: FastifyInstance): void {
  const db = app.database.db;

  registerDeliveryCall(app, deliveryCalls.addContactToTask, async ({ access, body }) => {
    const contact = await addContactToTask(db, access, {
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

  registerDeliveryCall(app, deliveryCalls.addParcelToTask, async ({ access, body }) => {
    const parcel = await addParcelToTask(db, access, {
      taskId: body.deliveryStepTaskUuid,
      parcel: body.parcel,
    });
    return { data: presentParcel(parcel), message: 'New parcel has been added to the delivery task.' };
  });

  registerDeliveryCall(app, deliveryCalls.addPickupTask, async ({ access, body }) => {
    const task = await addTaskToStep(db, access, {
      stepId: body.deliveryStepUuid,
      typeSlug: 'pickup',
    });
    return { data: presentTask(task), message: 'New pickup task has been added to delivery step' };
  });

  registerDeliveryCall(app, deliveryCalls.addDropoffTask, async ({ access, body }) => {
    const task = await addTaskToStep(db, access, {
      stepId: body.deliveryStepUuid,
      typeSlug: 'dropoff',
    });
    return { data: presentTask(task), message: 'New dropoff task has been added to delivery step' };
  });

  registerDeliveryCall(app, deliveryCalls.addStepWithAddress, async ({ access, body }) => {
    const step = await addStep(db, app.routeEstimator, access, body);
    return { data: presentStep(step), message: 'New delivery step has been added successfully' };
  });

  // A step's pin dragged on the map (issue 32): its point, then the route estimated again.
  registerDeliveryCall(app, deliveryCalls.placeStep, async ({ access, params, body }) => {
    const step = await placeStepByHand(db, app.routeEstimator, access, {
      stepId: params.deliveryStepUuid,
      lat: body.lat,
      lng: body.lng,
    });
    return { data: presentStep(step), message: 'The stop has been placed on the map.' };
  });

  registerDeliveryCall(app, deliveryCalls.createQuote, async ({ access, body }) => {
    const quote = await createQuote(db, access, body);
    return { data: presentQuote(quote), message: 'Quote created.' };
  });

  // A quote's decision names the quote, not its delivery: the delivery is found from it, then asked the rule's action.
  const decisions = [
    [deliveryCalls.acceptQuote, 'accepted', 'Quote accepted.'],
    [deliveryCalls.rejectQuote, 'rejected', 'Quote rejected.'],
  ] as const;
  for (const [call, decision, message] of decisions) {
    const { action } = deliveryRuleOf(call);
    registerCall(app, call, async ({ request, params }) => {
      const deliveryId = await deliveryOfQuote(db, params.quoteUuid);
      const granted = await deliveryAccess(db, companyActor(request), action, deliveryId, { as: 'Quote' });
      return {
        data: presentQuote(await decideQuote(db, granted, { quoteId: params.quoteUuid, decision })),
        message,
      };
    });
  }
}
