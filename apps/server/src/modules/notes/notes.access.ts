import { can, type Actor, type NoteableTypeSlug } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import { deliveryAccess } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import { clients, companyMembers, parcels, vehicles } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';

const NAMES: Record<NoteableTypeSlug, string> = {
  deliveries: 'Delivery',
  vehicles: 'Vehicle',
  drivers: 'Driver',
  parcels: 'Parcel',
  clients: 'Client',
};

/** Whose notes the caller reads and writes: notes are kept per company, private to the company that wrote them. */
export interface NoteScope {
  actor: Actor;
  companyId: string;
}

/**
 * Asks the policy about the record a note is about: a delivery through the delivery policy (its owner's and
 * carrier's admins, its assigned driver), any other record must be the company's own. 404 otherwise.
 */
export async function requireNoteable(
  db: DbOrTx,
  scope: NoteScope,
  opts: { type: NoteableTypeSlug; id: string; action: 'read' | 'note' },
): Promise<void> {
  const { type, id } = opts;
  const companyId = scope.companyId;
  if (type === 'deliveries') {
    await deliveryAccess(db, scope.actor, opts.action, id);
    return;
  }
  // The company's own records are its admins' (the policy's `manage`): anyone else finds no such record.
  if (!can(scope.actor, 'manage', { kind: 'company', companyId })) throw notFound(NAMES[type]);
  const found = await (async () => {
    switch (type) {
      case 'vehicles':
        return db
          .select({ id: vehicles.id })
          .from(vehicles)
          .where(and(eq(vehicles.id, id), eq(vehicles.companyId, companyId)))
          .limit(1);
      case 'drivers':
        return db
          .select({ id: companyMembers.userId })
          .from(companyMembers)
          .where(
            and(
              eq(companyMembers.userId, id),
              eq(companyMembers.companyId, companyId),
              eq(companyMembers.roleSlug, 'driver'),
            ),
          )
          .limit(1);
      case 'parcels':
        return db
          .select({ id: parcels.id })
          .from(parcels)
          .where(and(eq(parcels.id, id), eq(parcels.companyId, companyId)))
          .limit(1);
      case 'clients':
        return db
          .select({ id: clients.id })
          .from(clients)
          .where(and(eq(clients.id, id), eq(clients.companyId, companyId)))
          .limit(1);
    }
  })();
  if (found.length === 0) throw notFound(NAMES[type]);
}
