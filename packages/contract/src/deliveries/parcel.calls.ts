import { z } from 'zod';
import { UuidSchema } from '../common.js';
import { ParcelSchema } from './deliveries.entities.js';
import { OriginatorAccountSchema } from '../lookups/lookups.entities.js';
import { CompanyParamsSchema } from '../params.js';
import { defineCall } from '../api/define-call.js';
import { ListQuerySchema } from '../api/list-query.js';
import { ParcelInputSchema } from './inputs.js';
import {
  ParcelWriteBodySchema,
  ParcelTrackSchema,
  DeliveryStatsQuerySchema,
  DeliveryStatsSchema,
  ParcelParams,
  TrackParams,
} from './parcel.schemas.js';

const base = '/c/:companySlug/admin';

export const parcelCalls = {
  listParcelUuids: defineCall({
    method: 'GET',
    path: `${base}/parcel/uuid`,
    summary: "Uuids of the company's parcels, newest first (search by name or tracking code)",
    params: CompanyParamsSchema,
    query: ListQuerySchema,
    data: z.array(UuidSchema),
    paginated: true,
  }),
  listParcelInfo: defineCall({
    method: 'GET',
    path: `${base}/parcel/info`,
    summary: 'Parcels keyed by uuid, for the same page',
    params: CompanyParamsSchema,
    query: ListQuerySchema,
    data: z.record(UuidSchema, ParcelSchema),
    paginated: true,
  }),
  createParcel: defineCall({
    method: 'POST',
    path: `${base}/parcel`,
    summary: 'Add a parcel, on a delivery task or waiting',
    params: CompanyParamsSchema,
    body: ParcelWriteBodySchema,
    data: ParcelSchema,
    status: 201,
  }),
  updateParcel: defineCall({
    method: 'PUT',
    path: `${base}/parcel/:parcelUuid`,
    summary: 'Change a parcel',
    params: ParcelParams,
    body: ParcelInputSchema,
    data: ParcelSchema,
  }),
  trackParcel: defineCall({
    method: 'GET',
    path: `${base}/parcel/track/:trackingCode`,
    summary: "Find a parcel by its tracking code, with its delivery's status timeline",
    params: TrackParams,
    data: ParcelTrackSchema,
  }),
  listOriginatorAccounts: defineCall({
    method: 'GET',
    path: `${base}/o/account`,
    summary: "The company's originator accounts (where deliveries come from)",
    params: CompanyParamsSchema,
    data: z.array(OriginatorAccountSchema),
  }),
  deliveryStats: defineCall({
    method: 'GET',
    path: `${base}/delivery/stats`,
    summary: 'Dashboard figures: counts by status, today, late, on-time rate, per day',
    params: CompanyParamsSchema,
    query: DeliveryStatsQuerySchema,
    data: DeliveryStatsSchema,
  }),
};
