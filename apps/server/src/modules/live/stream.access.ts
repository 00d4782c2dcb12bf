import { can, type Actor } from '@courier/contract';
import { findCaller } from '../../access/caller.queries.js';
import { listDriverMemberships } from '../../access/driver-memberships.queries.js';
import type { Db } from '../../db/client.js';

/**
 * A stream outlives the request that opened it: its actor is read again from the session now and then, so a user
 * signed out, removed from the company or no longer a driver stops receiving. Null: the stream ends.
 */
export async function currentAdminActor(db: Db, secret: string, companySlug: string): Promise<Actor | null> {
  const caller = await findCaller(db, secret, companySlug);
  const m = caller?.membership;
  if (!caller || !m || !m.isActive) return null;
  const actor: Actor = {
    userId: caller.session.userId,
    isPlatformAdmin: caller.session.isPlatformAdmin,
    memberships: [{ companyId: m.companyId, companyTypeSlug: m.companyTypeSlug, roles: m.roles }],
  };
  return can(actor, 'manage', { kind: 'company', companyId: m.companyId }) ? actor : null;
}

export async function currentDriverActor(db: Db, secret: string): Promise<Actor | null> {
  const caller = await findCaller(db, secret, undefined);
  if (!caller) return null;
  const memberships = await listDriverMemberships(db, caller.session.userId);
  if (memberships.length === 0) return null;
  return { userId: caller.session.userId, isPlatformAdmin: caller.session.isPlatformAdmin, memberships };
}
