import type { DeliveryAccess } from '../../access/delivery-access.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { documentsFromJson } from '../documents/index.js';
import { notesFromJson } from '../notes/index.js';
import { presentDelivery } from './deliveries.presenter.js';
import { deliveryAnswerText } from './delivery-answer.presenter.js';
import { childrenOf, findDeliveryDetailRow, findDeliveryRow } from './deliveries.queries.js';

/** The delivery as the access's actor sees it (their part decides the status choices). */
export async function loadDelivery(db: DbOrTx, access: DeliveryAccess) {
  const row = await findDeliveryRow(db, access);
  if (!row) throw new Error(`delivery ${access.deliveryId} vanished after its access was granted`);
  return presentDelivery(row, childrenOf([row]), access.actor);
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
