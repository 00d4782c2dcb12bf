import { can, type Actor } from '@courier/contract';
import { findCaller } from '../../access/caller.queries.js';
import { listDriverMemberships } from '../../access/driver-memberships.queries.js';
import type { Db } from '../../db/client.js';

/**
 * A stream outlives the request that opened it: its actor is read again from the session when a write says access
 * changed (and now and then), so a user signed out, locked, removed from the company or no longer a driver stops
 * receiving. Null: the stream ends.
 */
export async function currentAdminActor(db: Db, secret: string, companySlug: string): Promise<Actor | null> {
  const caller = await findCaller(db, secret, companySlug);
  const m = caller?.membership;
  // A locked session receives nothing until it is unlocked (decision 030): its stream ends, and a new one is 423.
  if (!caller || caller.session.lockedAt || !m || !m.isActive) return null;
  const actor: Actor = {
    userId: caller.session.userId,
    isPlatformAdmin: caller.session.isPlatformAdmin,
    memberships: [{ companyId: m.companyId, companyTypeSlug: m.companyTypeSlug, roles: m.roles }],
  };
  return can(actor, 'manage', { kind: 'company', companyId: m.companyId }) ? actor : null;
}

export async function currentDriverActor(db: Db, secret: string): Promise<Actor | null> {
  const caller = await findCaller(db, secret, undefined);
  if (!caller || caller.session.lockedAt) return null;
  const memberships = await listDriverMemberships(db, caller.session.userId);
  if (memberships.length === 0) return null;
  return { userId: caller.session.userId, isPlatformAdmin: caller.session.isPlatformAdmin, memberships };
}
