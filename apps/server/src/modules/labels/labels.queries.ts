import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { visibleToCompany, type DeliveryAccess } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import {
  addresses,
  contacts,
  deliveries,
  deliverySteps,
  deliveryStepTaskContacts,
  deliveryStepTaskParcels,
  deliveryStepTasks,
  parcels,
} from '../../db/schema/index.js';

/** The deliveries a label query reads: each one the policy let the actor read, seen by the route's company. */
interface LabelScope {
  companyId: string;
  accesses: readonly DeliveryAccess[];
}

const deliveryIdsOf = (scope: LabelScope) => scope.accesses.map((a) => a.deliveryId);

/**
 * The parcels of the deliveries, each with its delivery's name, order number and tracking token, and the stops it
 * goes between: the first pickup and the last dropoff of the tasks it is on (null when it is on none of that kind).
 * In the parcel list's order (oldest first), which is the order "2 of 3" counts in.
 */
export const listLabelParcelRows = (db: DbOrTx, scope: LabelScope) =>
  db
    .select({
      deliveryId: deliveries.id,
      deliveryName: deliveries.name,
      externalId: deliveries.externalId,
      trackingToken: deliveries.trackingToken,
      id: parcels.id,
      name: parcels.name,
      weightKg: parcels.weightKg,
      quantity: parcels.quantity,
      isFragile: parcels.isFragile,
      trackingCode: parcels.trackingCode,
      fromStep: sql<
        number | null
      >`min(${deliverySteps.stepOrderNo}) filter (where ${deliveryStepTasks.typeSlug} = 'pickup')`,
      toStep: sql<
        number | null
      >`max(${deliverySteps.stepOrderNo}) filter (where ${deliveryStepTasks.typeSlug} = 'dropoff')`,
    })
    .from(parcels)
    .innerJoin(deliveryStepTaskParcels, eq(deliveryStepTaskParcels.parcelId, parcels.id))
    .innerJoin(deliveryStepTasks, eq(deliveryStepTasks.id, deliveryStepTaskParcels.taskId))
    .innerJoin(deliverySteps, eq(deliverySteps.id, deliveryStepTasks.stepId))
    .innerJoin(deliveries, eq(deliveries.id, deliverySteps.deliveryId))
    .where(and(inArray(deliveries.id, deliveryIdsOf(scope)), visibleToCompany(scope.companyId)))
    .groupBy(deliveries.id, parcels.id)
    .orderBy(asc(deliveries.id), asc(parcels.createdAt), asc(parcels.id));
export type LabelParcelRow = Awaited<ReturnType<typeof listLabelParcelRows>>[number];

/** Each step's first contact: of its first task that has one, by name. */
const firstContact = (db: DbOrTx) =>
  db
    .select({
      firstname: contacts.firstname,
      lastname: contacts.lastname,
      companyName: contacts.companyName,
    })
    .from(deliveryStepTaskContacts)
    .innerJoin(contacts, eq(contacts.id, deliveryStepTaskContacts.contactId))
    .innerJoin(deliveryStepTasks, eq(deliveryStepTasks.id, deliveryStepTaskContacts.taskId))
    .where(eq(deliveryStepTasks.stepId, deliverySteps.id))
    .orderBy(asc(deliveryStepTasks.taskOrderNo), asc(contacts.lastname), asc(contacts.firstname))
    .limit(1)
    .as('first_contact');

/** The stops of the deliveries in order, each with its address (none for a stop placed by hand) and first contact. */
export function listLabelStopRows(db: DbOrTx, scope: LabelScope) {
  const contact = firstContact(db);
  return db
    .select({
      deliveryId: deliverySteps.deliveryId,
      stepOrderNo: deliverySteps.stepOrderNo,
      line1: addresses.line1,
      line2: addresses.line2,
      line3: addresses.line3,
      city: addresses.city,
      county: addresses.county,
      postcode: addresses.postcode,
      countryCode: addresses.countryCode,
      contactFirstname: contact.firstname,
      contactLastname: contact.lastname,
      contactCompanyName: contact.companyName,
    })
    .from(deliverySteps)
    .innerJoin(deliveries, eq(deliveries.id, deliverySteps.deliveryId))
    .leftJoin(addresses, eq(addresses.id, deliverySteps.addressId))
    .leftJoinLateral(contact, sql`true`)
    .where(and(inArray(deliveries.id, deliveryIdsOf(scope)), visibleToCompany(scope.companyId)))
    .orderBy(asc(deliverySteps.deliveryId), asc(deliverySteps.stepOrderNo));
}
export type LabelStopRow = Awaited<ReturnType<typeof listLabelStopRows>>[number];
