import { can, knows, type ActionOf, type Actor, type Subject } from '@courier/contract';
import { forbidden, notFound } from '../lib/app-error.js';

const REFUSALS: Record<string, string> = {
  edit: 'Only the company that owns this delivery can change its steps, tasks, parcels, contacts or windows.',
  quote: 'Only the company that owns this delivery can quote it.',
  'decide-quote': 'Only the company that owns this delivery can accept or reject its quotes.',
  cancel: 'Only the company that owns this delivery can cancel it.',
  plan: 'Only the company that owns this delivery can schedule or unschedule it, send it out again after a failure or complete it.',
  assign:
    'Only the company that runs this delivery can assign it: its carrier once it has one, otherwise its owner.',
  'report-location': 'Only a driver assigned to this delivery reports its position.',
  manage: "This is for the company's admins.",
  drive: 'This is for drivers.',
  bid: 'Only courier companies bid in the marketplace.',
  'publish-auction': 'Only the company that owns this delivery can offer it for bids.',
  'rate-carrier': 'Only the company that owns this delivery can rate its carrier.',
  'read-mail': "This is for the platform's admins.",
  'run-jobs': "This is for the platform's admins.",
  message: "Only the admins of the delivery's owner and of its carrier write in its thread.",
  change: 'Only its author or a company admin can change this note.',
};

/**
 * The `require` form of the policy: nothing when the actor may act; 404 when the subject does not exist for them (a
 * stranger learns nothing, not even that it exists); 403 with the reason when they know it but may not do this.
 */
export function requireCan<S extends Subject>(
  actor: Actor,
  action: ActionOf<S>,
  subject: S,
  name: string,
): void {
  if (can(actor, action, subject)) return;
  if (!knows(actor, subject)) throw notFound(name);
  throw forbidden(REFUSALS[action] ?? 'This action is unauthorized.');
}
