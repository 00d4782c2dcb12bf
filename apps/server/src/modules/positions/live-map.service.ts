import {
  knows,
  LIVE_MAP,
  LIVE_UNDER_WAY_STATUSES,
  type Actor,
  type LiveMap,
  type LiveMapDelivery,
  type LiveStatus,
} from '@courier/contract';
import { subjectOf } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import { iso } from '../../lib/dates.js';
import { listLiveMapRows, type LiveMapRow } from './live-map.queries.js';

const underWay = (slug: string) => LIVE_UNDER_WAY_STATUSES.includes(slug as LiveStatus);

const kindOf = (firstTask: string | null): LiveMapDelivery['stops'][number]['kind'] =>
  firstTask === 'pickup' || firstTask === 'dropoff' ? firstTask : 'other';

function present(row: LiveMapRow, companyId: string): LiveMapDelivery {
  const position = underWay(row.liveStatusSlug) ? row.position : null;
  return {
    deliveryUuid: row.id,
    name: row.name,
    status: row.liveStatusSlug as LiveStatus,
    statusChangedAt: iso(row.liveStatusChangedAt),
    role: row.ownerCompanyId === companyId ? 'owner' : 'carrier',
    vehicle: row.vehicle
      ? {
          uuid: row.vehicle.id,
          name: row.vehicle.name,
          registrationNumber: row.vehicle.registrationNumber,
          sizeSlug: row.vehicle.sizeSlug,
        }
      : null,
    drivers: row.drivers.map((u) => ({ uuid: u.id, name: `${u.firstname} ${u.lastname}`.trim() })),
    stops: row.stops.map((s) => ({
      stepOrderNo: s.stepOrderNo,
      kind: kindOf(s.firstTask),
      lat: s.lat,
      lng: s.lng,
      done: s.done,
    })),
    position: position
      ? {
          driverUserUuid: position.userId,
          lat: position.lat,
          lng: position.lng,
          recordedAt: new Date(position.recordedAt).toISOString(),
          heading: position.heading,
        }
      : null,
  };
}

/**
 * The active deliveries map of a company (decision 025): what it owns or carries and is being worked, each row asked
 * of the policy (`knows`) like every delivery the company is shown.
 */
export async function loadLiveMap(db: DbOrTx, actor: Actor, companyId: string): Promise<LiveMap> {
  const rows = await listLiveMapRows(db, { companyId, limit: LIVE_MAP.max + 1 });
  const visible = rows.slice(0, LIVE_MAP.max).filter((r) => knows(actor, subjectOf(r)));
  return { deliveries: visible.map((r) => present(r, companyId)), truncated: rows.length > LIVE_MAP.max };
}
