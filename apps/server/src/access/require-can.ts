import { can, knows, refusalOf, type ActionOf, type Actor, type Subject } from '@courier/contract';
import { forbidden, notFound } from '../lib/app-error.js';

/**
 * The `require` form of the policy: nothing when the actor may act; 404 when the subject does not exist for them (a
 * stranger learns nothing, not even that it exists); 403 with the policy's reason (`refusalOf`) when they know it but
 * may not do this.
 */
export function requireCan<S extends Subject>(
  actor: Actor,
  action: ActionOf<S>,
  subject: S,
  name: string,
): void {
  if (can(actor, action, subject)) return;
  if (!knows(actor, subject)) throw notFound(name);
  throw forbidden(refusalOf(action, subject));
}
