import type { NoteableTypeSlug } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clients, companyMembers, deliveries, parcels, vehicles } from '../../db/schema/index.js';
import { notFound } from '../../lib/app-error.js';
import type { TenantContext } from '../../types/fastify.js';
import { requireCallerDelivery, visibleTo } from '../deliveries/deliveries.access.js';

const NAMES: Record<NoteableTypeSlug, string> = {
  deliveries: 'Delivery',
  vehicles: 'Vehicle',
  drivers: 'Driver',
  parcels: 'Parcel',
  clients: 'Client',
};

/** True when the caller may act as a company admin (edit or delete anyone's note). */
export const isCompanyAdmin = (tenant: TenantContext) => tenant.roles.includes('company-admin');

/**
 * Checks that the record a note is about belongs to the caller's company, answering 404 otherwise. A company admin
 * may note any record of the company; a driver only the deliveries they are assigned to now.
 */
export async function requireNoteable(
  db: DbOrTx,
  opts: { tenant: TenantContext; userId: string; type: NoteableTypeSlug; id: string },
): Promise<void> {
  const { tenant, type, id } = opts;
  const companyId = tenant.companyId;
  if (!isCompanyAdmin(tenant)) {
    if (type !== 'deliveries') throw notFound(NAMES[type]);
    await requireCallerDelivery(db, { companyId, roles: tenant.roles, userId: opts.userId, deliveryId: id });
    return;
  }
  const found = await (async () => {
    switch (type) {
      case 'deliveries':
        return db
          .select({ id: deliveries.id })
          .from(deliveries)
          .where(and(eq(deliveries.id, id), visibleTo(companyId)))
          .limit(1);
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
