import { FREE_STATUSES, ON_DELIVERY_STATUS, type Actor, type DriverInfo } from '@courier/contract';
import type { Db } from '../../db/client.js';
import { recordEvents } from '../live/index.js';
import { listMyDriverInfos, updateMyDriverStatus } from '../memberships/index.js';
import { syncFleetStatus } from './fleet-status.service.js';
import { personOf } from '../../access/actor.js';

/**
 * A driver sets their own availability in every company they drive for. Setting a free status (available) while
 * they carry a delivery under way for a company keeps them on-delivery there (decision 015, amended): the status
 * follows the work, and the phone's switch (or a queued replay of it) cannot say they are free mid-delivery. Other
 * statuses they may set (on-break, offline, unavailable) are theirs, as an admin's are.
 */
export async function setMyAvailability(
  db: Db,
  actor: Actor,
  statusSlug: string,
): Promise<{ infos: DriverInfo[]; keptOnDelivery: boolean }> {
  const userId = personOf(actor);
  return db.transaction(async (tx) => {
    await updateMyDriverStatus(tx, actor, statusSlug);
    const free = (FREE_STATUSES as readonly string[]).includes(statusSlug);
    if (free)
      await syncFleetStatus(tx, {
        vehicleIds: [],
        drivers: actor.memberships.map((m) => ({ companyId: m.companyId, userId })),
      });
    // Each company's admins see their driver's availability there; the driver sees their own on their stream.
    const infos: DriverInfo[] = [];
    const at = new Date().toISOString();
    for (const m of actor.memberships) {
      const mine = await listMyDriverInfos(tx, { ...actor, memberships: [m] });
      infos.push(...mine);
      await recordEvents(
        tx,
        mine.map((i) => ({
          type: 'driver.status' as const,
          data: { driverUserUuid: userId, status: i.driverStatusSlug, at },
          audience: { companyId: m.companyId, driverUserIds: [userId] },
        })),
      );
    }
    return {
      infos,
      keptOnDelivery: free && infos.some((i) => i.driverStatusSlug === ON_DELIVERY_STATUS),
    };
  });
}
