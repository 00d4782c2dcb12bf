import { e164Phone } from './contact-phones.js';
import {
  isLiveStatus,
  LIVE_FINAL_STATUSES,
  type AddressInputSchema,
  type ContactInputSchema,
} from '@courier/contract';
import { and, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  addresses,
  contacts,
  deliveries,
  deliverySteps,
  deliveryStepTaskContacts,
  deliveryStepTasks,
} from '../../db/schema/index.js';
import { lockDelivery, type DeliveryAccess } from '../../access/delivery-access.js';
import { conflict, unprocessable } from '../../lib/app-error.js';
import { pointsOf, type RouteEstimator } from '../../lib/routing/routing.js';
import { insertAddress } from '../directory/index.js';

export type ContactIn = z.output<typeof ContactInputSchema>;
type AddressIn = z.output<typeof AddressInputSchema>;

/**
 * Lock a delivery, then change it: the delivery under its row lock with the policy asked again (`lockDelivery`);
 * a finished delivery keeps its shape, so nothing is added to it.
 */
export async function editable(tx: DbOrTx, access: DeliveryAccess) {
  const { delivery: d } = await lockDelivery(tx, access);
  if (isLiveStatus(d.liveStatusSlug) && LIVE_FINAL_STATUSES.includes(d.liveStatusSlug)) {
    throw conflict(`The delivery is ${d.liveStatusSlug}; it can no longer be changed.`);
  }
  return d;
}

/** A task of this delivery, or 422 naming the field. */
export async function taskOfDelivery(tx: DbOrTx, deliveryId: string, taskId: string) {
  const [task] = await tx
    .select({ id: deliveryStepTasks.id })
    .from(deliveryStepTasks)
    .innerJoin(deliverySteps, eq(deliverySteps.id, deliveryStepTasks.stepId))
    .where(and(eq(deliveryStepTasks.id, taskId), eq(deliverySteps.deliveryId, deliveryId)));
  if (!task) throw unprocessable({ deliveryStepTaskUuid: ['Choose a task of this delivery.'] });
  return task.id;
}

/** A contact of the company, its number kept in E.164 (422 on `contact.phoneNumber` when it cannot be one). */
export async function insertContact(tx: DbOrTx, companyId: string, c: ContactIn) {
  const phoneNumber = await e164Phone(tx, companyId, c.phoneNumber, 'contact.phoneNumber');
  const [row] = await tx
    .insert(contacts)
    .values({
      companyId,
      firstname: c.firstname,
      lastname: c.lastname,
      email: c.email ?? null,
      phoneNumber,
      companyName: c.companyName,
    })
    .returning();
  return row!;
}

export async function addContactToTask(
  db: Db,
  access: DeliveryAccess,
  opts: { taskId: string; contact: ContactIn },
) {
  return db.transaction(async (tx) => {
    const d = await editable(tx, access);
    const taskId = await taskOfDelivery(tx, d.id, opts.taskId);
    const contact = await insertContact(tx, d.ownerCompanyId, opts.contact);
    await tx.insert(deliveryStepTaskContacts).values({ taskId, contactId: contact.id });
    return contact;
  });
}

export async function addTaskToStep(
  db: Db,
  access: DeliveryAccess,
  opts: { stepId: string; typeSlug: 'pickup' | 'dropoff' },
) {
  return db.transaction(async (tx) => {
    const d = await editable(tx, access);
    const [step] = await tx
      .select({ id: deliverySteps.id })
      .from(deliverySteps)
      .where(and(eq(deliverySteps.id, opts.stepId), eq(deliverySteps.deliveryId, d.id)));
    if (!step) throw unprocessable({ deliveryStepUuid: ['Choose a step of this delivery.'] });
    const [last] = await tx
      .select({ n: max(deliveryStepTasks.taskOrderNo) })
      .from(deliveryStepTasks)
      .where(eq(deliveryStepTasks.stepId, step.id));
    const [task] = await tx
      .insert(deliveryStepTasks)
      .values({ stepId: step.id, typeSlug: opts.typeSlug, taskOrderNo: (last?.n ?? 0) + 1 })
      .returning();
    return task!;
  });
}

/** The delivery's steps in order, with each step's first task (its kind): where a new step goes. */
export function readSteps(db: DbOrTx, deliveryId: string) {
  return db
    .select({
      id: deliverySteps.id,
      order: deliverySteps.stepOrderNo,
      lat: deliverySteps.lat,
      lng: deliverySteps.lng,
      kind: deliveryStepTasks.typeSlug,
    })
    .from(deliverySteps)
    .leftJoin(
      deliveryStepTasks,
      and(eq(deliveryStepTasks.stepId, deliverySteps.id), eq(deliveryStepTasks.taskOrderNo, 1)),
    )
    .where(eq(deliverySteps.deliveryId, deliveryId))
    .orderBy(deliverySteps.stepOrderNo);
}
type StepRow = Awaited<ReturnType<typeof readSteps>>[number];

const sameSteps = (a: StepRow[], b: StepRow[]) =>
  a.length === b.length &&
  a.every((s, i) => s.id === b[i]!.id && s.order === b[i]!.order && s.kind === b[i]!.kind);

/** How many times `addStep` plans again when the steps changed while the route was estimated. */
const ADD_STEP_ATTEMPTS = 3;

/**
 * Adds a step: a pickup goes before the first dropoff, a dropoff at the end. The delivery's distance and duration
 * are estimated again (the original figures stay).
 *
 * The route is estimated outside the transaction (a routing server may take seconds, and the delivery's row lock
 * must not wait on it). Under the lock the steps are read again: if another edit changed them meanwhile, the plan
 * (position and route) is made again from what is there now, up to `ADD_STEP_ATTEMPTS` times, then 409.
 */
export async function addStep(
  db: Db,
  routing: RouteEstimator,
  access: DeliveryAccess,
  opts: {
    kind: 'pickup' | 'dropoff';
    addressUuid?: string | undefined;
    address?: AddressIn | undefined;
  },
) {
  let addr: { id: string | null; lat: number | null; lng: number | null } = {
    id: null,
    lat: opts.address?.lat ?? null,
    lng: opts.address?.lng ?? null,
  };
  if (opts.addressUuid) {
    const [row] = await db
      .select({ id: addresses.id, lat: addresses.lat, lng: addresses.lng })
      .from(addresses)
      .where(
        and(eq(addresses.id, opts.addressUuid), eq(addresses.companyId, access.delivery.ownerCompanyId)),
      );
    if (!row) throw unprocessable({ addressUuid: ['Choose an address from your directory.'] });
    addr = row;
  }
  const stale = Symbol('steps changed');
  for (let attempt = 1; attempt <= ADD_STEP_ATTEMPTS; attempt++) {
    const existing = await readSteps(db, access.deliveryId);
    const firstDropoff = existing.findIndex((s) => s.kind === 'dropoff');
    const position = opts.kind === 'dropoff' || firstDropoff === -1 ? existing.length : firstDropoff;
    const stops = [
      ...existing.slice(0, position),
      { lat: addr.lat, lng: addr.lng },
      ...existing.slice(position),
    ];
    const route = await routing.estimate(pointsOf(stops));

    const step = await db.transaction(async (tx) => {
      await editable(tx, access);
      if (!sameSteps(existing, await readSteps(tx, access.deliveryId))) return stale;
      if (opts.address) addr.id = await insertAddress(tx, { companyId: null, values: opts.address });
      // Make room: shift later steps by one, from the end so the unique order never clashes.
      for (const s of [...existing.slice(position)].reverse()) {
        await tx
          .update(deliverySteps)
          .set({ stepOrderNo: s.order + 1 })
          .where(eq(deliverySteps.id, s.id));
      }
      const [inserted] = await tx
        .insert(deliverySteps)
        .values({
          deliveryId: access.deliveryId,
          stepOrderNo: position + 1,
          addressId: addr.id,
          lat: addr.lat,
          lng: addr.lng,
        })
        .returning();
      await tx
        .insert(deliveryStepTasks)
        .values({ stepId: inserted!.id, typeSlug: opts.kind, taskOrderNo: 1 });
      await tx
        .update(deliveries)
        .set({ distanceM: route.distanceM, durationS: route.durationS, updatedAt: new Date() })
        .where(eq(deliveries.id, access.deliveryId));
      return inserted!;
    });
    if (step !== stale) return step;
  }
  throw conflict("The delivery's steps are being changed by someone else at the same time; try again.");
}
