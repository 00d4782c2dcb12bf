import type { DeliveryAccess } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import { presentDelivery } from './deliveries.presenter.js';
import { childrenOf, findDeliveryRow } from './deliveries.queries.js';

/** The delivery as the access's actor sees it (their part decides the status choices). */
export async function loadDelivery(db: DbOrTx, access: DeliveryAccess) {
  const row = await findDeliveryRow(db, access);
  if (!row) throw new Error(`delivery ${access.deliveryId} vanished after its access was granted`);
  return presentDelivery(row, childrenOf([row]), access.actor);
}
