import type { Delivery } from '@courier/contract';
import type { DeliveryAccess } from '../../access/delivery-access.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { documentsFromJson } from '../documents/index.js';
import { notesFromJson } from '../notes/index.js';
import { presentDelivery } from './deliveries.presenter.js';
import { deliveryAnswerText } from './delivery-answer.presenter.js';
import {
  childrenOf,
  findDeliveryDetailRow,
  findDeliveryRow,
  listDeliveryRowsOf,
} from './deliveries.queries.js';

/** The delivery as the access's actor sees it (their part decides the status choices). */
export async function loadDelivery(db: DbOrTx, access: DeliveryAccess) {
  const row = await findDeliveryRow(db, access);
  if (!row) throw new Error(`delivery ${access.deliveryId} vanished after its access was granted`);
  return presentDelivery(row, childrenOf([row]), access.actor);
}

/**
 * Many deliveries as the accesses' actors see them (one statement; an access per delivery, all of one actor or not),
 * by id. What a consumer of a batch of events reads instead of one `loadDelivery` per event.
 */
export async function loadDeliveries(
  db: DbOrTx,
  accesses: readonly DeliveryAccess[],
): Promise<Map<string, Delivery>> {
  const loaded = new Map<string, Delivery>();
  if (accesses.length === 0) return loaded;
  const rows = await listDeliveryRowsOf(db, accesses);
  const children = childrenOf(rows);
  const byId = new Map(accesses.map((a) => [a.deliveryId, a]));
  for (const row of rows) loaded.set(row.id, presentDelivery(row, children, byId.get(row.id)!.actor));
  return loaded;
}

/**
 * The delivery's detail: the delivery, its documents (its proofs) and the viewing company's latest notes on it (the
 * list leaves those out), read in one statement (decision 043), as the answer's text (decision 048): the delivery's
 * JSON is PostgreSQL's, the documents and notes presented by their domains.
 */
export async function loadDeliveryDetailText(
  db: Db,
  access: DeliveryAccess,
  viewer: { companyId: string; companySlug: string },
): Promise<string> {
  const row = await findDeliveryDetailRow(db, access, viewer.companyId);
  if (!row) throw new Error(`delivery ${access.deliveryId} vanished after its access was granted`);
  const { documentsJson, notesJson, ...delivery } = row;
  return deliveryAnswerText(delivery, access.actor, {
    documents: documentsFromJson(documentsJson, viewer.companySlug),
    notes: notesFromJson(notesJson).map((n) => ({ message: n.message, noteObject: n })),
  });
}
