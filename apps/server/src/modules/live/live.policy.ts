import { can, knows, type Actor, type CompanySubject, type DeliverySubject } from '@courier/contract';
import type { StoredEvent } from './events.queries.js';

/** The subject an event is about, as the access policy reads subjects (decision 016). */
export function eventSubject(ev: StoredEvent): DeliverySubject | CompanySubject {
  return ev.deliveryId
    ? {
        kind: 'delivery',
        ownerCompanyId: ev.ownerCompanyId,
        carrierCompanyId: ev.carrierCompanyId,
        assignedDriverIds: ev.driverUserIds,
      }
    : { kind: 'company', companyId: ev.ownerCompanyId };
}

/**
 * Whether a stream's actor may receive an event. Admin stream (the actor acts through the route company only): a
 * delivery event when the actor knows the delivery (owner's or carrier's admin), a company event when they manage
 * the company. Driver stream (the actor with every company they drive for): a delivery event when they may read it
 * (assigned at the time), a company event when they drive for the company and the event is about them.
 */
export function mayReceive(actor: Actor, stream: 'admin' | 'driver', ev: StoredEvent): boolean {
  const subject = eventSubject(ev);
  // A message of the inbox (decision 031) is for admins: in a delivery's thread those the policy lets write in it,
  // in a company conversation its participants only (the event names them where a company event names its drivers).
  if (ev.type === 'message') {
    if (stream !== 'admin') return false;
    return subject.kind === 'delivery'
      ? can(actor, 'message', subject)
      : can(actor, 'manage', subject) && isNamed(ev.driverUserIds, actor);
  }
  // A user's new notifications are theirs alone: the event reaches the users it names, admins or drivers.
  if (ev.type === 'notification' && subject.kind === 'company')
    return isNamed(ev.driverUserIds, actor) && can(actor, stream === 'admin' ? 'manage' : 'drive', subject);
  if (subject.kind === 'delivery')
    return stream === 'admin' ? knows(actor, subject) : can(actor, 'read', subject);
  return stream === 'admin'
    ? can(actor, 'manage', subject)
    : can(actor, 'drive', subject) && isNamed(ev.driverUserIds, actor);
}

/** Whether the event names the actor among its users (a person: an API key is never one). */
function isNamed(userIds: readonly string[], actor: Actor): boolean {
  return actor.userId !== null && userIds.includes(actor.userId);
}
