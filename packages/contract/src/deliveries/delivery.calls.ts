import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from '../common.js';
import { POSITIONS } from '../constants.js';
import { AddressSchema } from '../identity/users.entities.js';
import {
  ContactSchema,
  DeliveryLiveSchema,
  DeliverySchema,
  DeliveryStatusRecordSchema,
  DeliveryStepSchema,
  DeliveryStepTaskSchema,
  LocationHistoryPointSchema,
  ParcelSchema,
  QuoteSchema,
  VehicleDriverAssignmentSchema,
} from './deliveries.entities.js';
import { CompanyParamsSchema } from '../memberships/admin-users.calls.js';
import { defineCall } from '../api/define-call.js';
import {
  AddContactBodySchema,
  AddContactToTaskBodySchema,
  AddParcelToTaskBodySchema,
  AddStepWithAddressBodySchema,
  AddTaskToStepBodySchema,
  ChangeStatusBodySchema,
  CreateDeliveryBodySchema,
  DeliveryListQuerySchema,
  DeliveryQuerySchema,
  LinkVehicleBodySchema,
  LinkVehicleDriverBodySchema,
  QuoteInputSchema,
} from './inputs.js';

export const DeliveryParamsSchema = CompanyParamsSchema.extend({ deliveryUuid: UuidSchema });
export const QuoteParamsSchema = CompanyParamsSchema.extend({ quoteUuid: UuidSchema });
export const ParcelParamsSchema = CompanyParamsSchema.extend({ parcelUuid: UuidSchema });

/** A page of a location history: points recorded after `since` (exclusive), oldest first. */
export const LocationHistoryQuerySchema = DeliveryQuerySchema.extend({
  since: IsoDateTimeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(POSITIONS.historyPageMax).default(POSITIONS.historyPageMax),
});
export type LocationHistoryQuery = z.infer<typeof LocationHistoryQuerySchema>;

const d = '/c/:companySlug/admin/delivery';
const byDelivery = <R extends z.ZodType>(path: string, summary: string, data: R) =>
  defineCall({
    method: 'GET',
    path: `${d}/${path}`,
    summary,
    params: CompanyParamsSchema,
    query: DeliveryQuerySchema,
    data,
  });

export const deliveryCalls = {
  listDeliveries: defineCall({
    method: 'GET',
    path: d,
    summary: 'Deliveries the company owns or carries: filter by status, dates and driver; search; paginate',
    params: CompanyParamsSchema,
    query: DeliveryListQuerySchema,
    data: z.array(DeliverySchema),
    paginated: true,
  }),
  getDelivery: defineCall({
    method: 'GET',
    path: `${d}/:deliveryUuid`,
    summary: 'One delivery',
    params: DeliveryParamsSchema,
    data: DeliverySchema,
  }),
  createDelivery: defineCall({
    method: 'POST',
    path: `${d}/create-delivery`,
    summary: 'Create a delivery with its windows, steps, tasks, parcels and contacts in one transaction',
    params: CompanyParamsSchema,
    body: CreateDeliveryBodySchema,
    data: DeliverySchema,
    status: 201,
  }),
  listSteps: byDelivery('step', 'Steps of a delivery', z.array(DeliveryStepSchema)),
  listTasks: byDelivery('step/task', 'Tasks of a delivery', z.array(DeliveryStepTaskSchema)),
  listParcels: byDelivery('parcel', 'Parcels of a delivery', z.array(ParcelSchema)),
  listQuotes: byDelivery('quote', 'Quotes of a delivery', z.array(QuoteSchema)),
  listStatuses: byDelivery('status', 'Status history of a delivery', z.array(DeliveryStatusRecordSchema)),
  listAddresses: byDelivery('address', "Addresses of a delivery's steps", z.array(AddressSchema)),
  listContacts: byDelivery('contact', 'Contacts of a delivery', z.array(ContactSchema)),
  listLocations: defineCall({
    method: 'GET',
    path: `${d}/location`,
    summary: `Location history of a delivery, oldest first, at most ${POSITIONS.historyPageMax} points from \`since\``,
    params: CompanyParamsSchema,
    query: LocationHistoryQuerySchema,
    data: z.array(LocationHistoryPointSchema),
  }),
  getDeliveryLive: byDelivery(
    'eta',
    "A delivery under way: its driver's latest position and the ETA to its next and last stops",
    DeliveryLiveSchema,
  ),
  listAssignments: byDelivery(
    'vehicle/driver',
    'Vehicle and driver assignments, newest first',
    z.array(VehicleDriverAssignmentSchema),
  ),
  linkVehicle: defineCall({
    method: 'POST',
    path: `${d}/:deliveryUuid/vehicle`,
    summary: 'Link a vehicle (keeping the linked drivers)',
    params: DeliveryParamsSchema,
    body: LinkVehicleBodySchema,
    data: VehicleDriverAssignmentSchema,
  }),
  linkVehicleDriver: defineCall({
    method: 'POST',
    path: `${d}/:deliveryUuid/vehicle/driver`,
    summary: 'Link a vehicle and its drivers',
    params: DeliveryParamsSchema,
    body: LinkVehicleDriverBodySchema,
    data: VehicleDriverAssignmentSchema,
  }),
  changeStatus: defineCall({
    method: 'POST',
    path: `${d}/:deliveryUuid/status`,
    summary: 'Move the live status (only to one of nextStatusOptions.user)',
    params: DeliveryParamsSchema,
    body: ChangeStatusBodySchema,
    data: DeliverySchema,
  }),
  addContactToTask: defineCall({
    method: 'POST',
    path: `${d}/:deliveryUuid/add-contact-to-step-task`,
    summary: 'Add a contact person to a task',
    params: DeliveryParamsSchema,
    body: AddContactToTaskBodySchema,
    data: ContactSchema,
    status: 201,
  }),
  addStepWithAddress: defineCall({
    method: 'POST',
    path: `${d}/:deliveryUuid/add-delivery-step-with-address`,
    summary: 'Add a step (before the last dropoff for a pickup, at the end for a dropoff)',
    params: DeliveryParamsSchema,
    body: AddStepWithAddressBodySchema,
    data: DeliveryStepSchema,
    status: 201,
  }),
  addPickupTask: defineCall({
    method: 'POST',
    path: `${d}/:deliveryUuid/add-delivery-step-pickup`,
    summary: 'Add a pickup task to a step',
    params: DeliveryParamsSchema,
    body: AddTaskToStepBodySchema,
    data: DeliveryStepTaskSchema,
    status: 201,
  }),
  addDropoffTask: defineCall({
    method: 'POST',
    path: `${d}/:deliveryUuid/add-delivery-step-dropoff`,
    summary: 'Add a dropoff task to a step',
    params: DeliveryParamsSchema,
    body: AddTaskToStepBodySchema,
    data: DeliveryStepTaskSchema,
    status: 201,
  }),
  addParcelToTask: defineCall({
    method: 'POST',
    path: `${d}/:deliveryUuid/add-parcel-to-step-task`,
    summary: 'Add a parcel to a task',
    params: DeliveryParamsSchema,
    body: AddParcelToTaskBodySchema,
    data: ParcelSchema,
    status: 201,
  }),
  addContactToParcel: defineCall({
    method: 'POST',
    path: `${d}/parcel/:parcelUuid/add-contact`,
    summary: 'Add a contact person to a parcel',
    params: ParcelParamsSchema,
    body: AddContactBodySchema,
    data: ContactSchema,
    status: 201,
  }),
  createQuote: defineCall({
    method: 'POST',
    path: `${d}/:deliveryUuid/quote`,
    summary: 'Quote a price for the delivery',
    params: DeliveryParamsSchema,
    body: QuoteInputSchema,
    data: QuoteSchema,
    status: 201,
  }),
  acceptQuote: defineCall({
    method: 'POST',
    path: `${d}/quote/:quoteUuid/accept`,
    summary: 'Accept a quote (not once expired)',
    params: QuoteParamsSchema,
    data: QuoteSchema,
  }),
  rejectQuote: defineCall({
    method: 'POST',
    path: `${d}/quote/:quoteUuid/reject`,
    summary: 'Reject a quote',
    params: QuoteParamsSchema,
    data: QuoteSchema,
  }),
};
