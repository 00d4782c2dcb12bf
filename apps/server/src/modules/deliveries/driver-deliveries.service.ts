import type { DriverDelivery } from '@courier/contract';
import type { DeliveryAccess } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import { loadDelivery } from './deliveries.service.js';
import { presentParcel, presentTask, presentTaskContact } from './delivery-children.presenter.js';
import { listContactRows, listParcelRows, listTaskRows } from './delivery-children.queries.js';
import { presentDriverDelivery } from './driver-deliveries.presenter.js';
import { findOwnerName, listStopRows, listTaskParcelRows } from './driver-deliveries.queries.js';

/** A delivery with everything its driver needs on the road, as the access's driver sees it. */
export async function loadDriverDelivery(db: DbOrTx, access: DeliveryAccess): Promise<DriverDelivery> {
  const delivery = await loadDelivery(db, access);
  const [ownerName, stops, tasks, contacts, parcels, taskParcels] = await Promise.all([
    findOwnerName(db, access),
    listStopRows(db, access),
    listTaskRows(db, access),
    listContactRows(db, access),
    listParcelRows(db, access),
    listTaskParcelRows(db, access),
  ]);
  return presentDriverDelivery(delivery, ownerName, {
    stops,
    tasks: tasks.map(presentTask),
    contacts: contacts.map(presentTaskContact),
    parcels: parcels.map((p) => presentParcel(p)),
    taskParcels,
  });
}
