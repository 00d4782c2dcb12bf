import {
  STATUS_TAGS,
  type LookupEntry,
  type StatusTag,
  type VehicleModel,
  type VehicleSizeSlug,
} from '@courier/contract';
import { iso } from '../../lib/dates.js';
import type { listVehicleModels, LookupRow } from './lookups.queries.js';

const isTag = (t: string | null): t is StatusTag =>
  t !== null && (STATUS_TAGS as readonly string[]).includes(t);

export function presentLookup(row: LookupRow): LookupEntry {
  return {
    uuid: row.id,
    slug: row.slug,
    name: row.name,
    ...(row.description ? { description: row.description } : {}),
    ...(isTag(row.tag) ? { tag: row.tag } : {}),
    sortOrder: row.sortOrder,
    isActive: row.isActive,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function presentVehicleModel(
  row: Awaited<ReturnType<typeof listVehicleModels>>[number],
): VehicleModel {
  return {
    uuid: row.id,
    vehicleMakeTypeSlug: row.vehicleMakeSlug,
    name: row.name,
    vehicleSizeTypeSlug: row.vehicleSizeSlug as VehicleSizeSlug,
  };
}
