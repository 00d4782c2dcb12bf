import { can, type Actor, type DriverDelivery } from '@courier/contract';
import { deliveryAccess, type DeliveryAccess } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import type { NoteScope } from '../notes/index.js';
import { loadDelivery } from './deliveries.service.js';
import {
  presentParcel,
  presentScan,
  presentTask,
  presentTaskContact,
} from './delivery-children.presenter.js';
import { listContactRows, listParcelRows, listTaskRows } from './delivery-children.queries.js';
import { presentDriverDelivery } from './driver-deliveries.presenter.js';
import { listScanRows } from './parcel-scans.queries.js';
import {
  findOwnerName,
  listDriverDeliveryIds,
  listStopRows,
  listTaskParcelRows,
} from './driver-deliveries.queries.js';

/** A delivery with everything its driver needs on the road, as the access's driver sees it. */
export async function loadDriverDelivery(db: DbOrTx, access: DeliveryAccess): Promise<DriverDelivery> {
  const delivery = await loadDelivery(db, access);
  const [ownerName, stops, tasks, contacts, parcels, taskParcels, scans] = await Promise.all([
    findOwnerName(db, access),
    listStopRows(db, access),
    listTaskRows(db, access),
    listContactRows(db, access),
    listParcelRows(db, access),
    listTaskParcelRows(db, access),
    listScanRows(db, access),
  ]);
  return presentDriverDelivery(delivery, ownerName, {
    stops,
    tasks: tasks.map(presentTask),
    contacts: contacts.map(presentTaskContact),
    parcels: parcels.map((p) =>
      presentParcel(p, undefined, scans.filter((s) => s.parcelId === p.id).map(presentScan)),
    ),
    taskParcels,
  });
}

const startOfToday = () => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  return d;
};

/** What is assigned to the driver now (and what they finished today), whichever company assigned it. */
export async function listMyDeliveries(db: DbOrTx, actor: Actor): Promise<DriverDelivery[]> {
  const ids = await listDriverDeliveryIds(db, actor, startOfToday());
  const data = [];
  for (const id of ids) data.push(await loadDriverDelivery(db, await deliveryAccess(db, actor, 'read', id)));
  return data;
}

/**
 * The company whose notes a driver writes on a delivery: the one that assigned them (its carrier when they drive for
 * it, else its owner). Notes are private to a company (docs/decisions/016-access-policy.md).
 */
export function noteScopeOf(access: DeliveryAccess): NoteScope {
  const { carrierCompanyId, ownerCompanyId } = access.delivery;
  const drivesFor = (id: string | null) =>
    id !== null && can(access.actor, 'drive', { kind: 'company', companyId: id });
  return { actor: access.actor, companyId: drivesFor(carrierCompanyId) ? carrierCompanyId! : ownerCompanyId };
}
