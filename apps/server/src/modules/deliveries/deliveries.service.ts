import type { Delivery } from '@courier/contract';
import type { DeliveryAccess } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import { listDeliveryDocuments } from '../documents/index.js';
import { latestNotes } from '../notes/index.js';
import { presentDelivery } from './deliveries.presenter.js';
import { childrenOf, findDeliveryRow } from './deliveries.queries.js';

/** The delivery as the access's actor sees it (their part decides the status choices). */
export async function loadDelivery(db: DbOrTx, access: DeliveryAccess) {
  const row = await findDeliveryRow(db, access);
  if (!row) throw new Error(`delivery ${access.deliveryId} vanished after its access was granted`);
  return presentDelivery(row, childrenOf([row]), access.actor);
}

/**
 * The delivery's detail: the delivery, its documents (its proofs) and the viewing company's latest notes on it (the
 * list leaves those out).
 */
export async function loadDeliveryDetail(
  db: DbOrTx,
  access: DeliveryAccess,
  viewer: { companyId: string; companySlug: string },
): Promise<Delivery> {
  const delivery = await loadDelivery(db, access);
  const [documents, notes] = await Promise.all([
    listDeliveryDocuments(db, access, viewer.companySlug),
    latestNotes(db, { companyId: viewer.companyId, type: 'deliveries', noteableId: delivery.uuid, count: 5 }),
  ]);
  return {
    ...delivery,
    deliveryDocuments: documents,
    notes: notes.map((n) => ({ message: n.message, noteObject: n })),
  };
}
