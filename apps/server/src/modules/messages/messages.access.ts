import type { Actor } from '@courier/contract';
import { deliveryAccess, type DeliveryAccess } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { findConversation, isParticipant, type Reader } from './messages.queries.js';

/** Who acts in the inbox: the signed-in user through the route company (an admin: the route's tenancy said so). */
export interface InboxScope extends Reader {
  actor: Actor;
  companySlug: string;
}

export interface ConversationAccess {
  id: string;
  companyId: string;
  /** A delivery's thread: the policy's answer about its delivery. */
  delivery: DeliveryAccess | null;
}

/**
 * Whether the caller may read and write in a conversation (decision 031): a delivery's thread is asked of the
 * delivery's policy (`message`: its owner's and its carrier's admins); a company conversation answers only to its
 * participants, in its own company. Anyone else is told it does not exist (404).
 */
export async function conversationAccess(
  db: DbOrTx,
  scope: InboxScope,
  conversationId: string,
): Promise<ConversationAccess> {
  const row = await findConversation(db, conversationId);
  if (!row) throw notFound('Conversation');
  if (row.deliveryId) {
    const delivery = await deliveryAccess(db, scope.actor, 'message', row.deliveryId, { as: 'Conversation' });
    return { id: row.id, companyId: row.companyId, delivery };
  }
  if (row.companyId !== scope.companyId || !(await isParticipant(db, row.id, scope.userId)))
    throw notFound('Conversation');
  return { id: row.id, companyId: row.companyId, delivery: null };
}
