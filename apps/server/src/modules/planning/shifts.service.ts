import type { DriverShiftBody } from '@courier/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { addresses, companyMembers, driverInfos, vehicles } from '../../db/schema/index.js';
import { notFound, unprocessable, type FieldErrors } from '../../lib/app-error.js';

/**
 * Sets a driver's working day for planning (issue 35): the driver is an active driver of the company (else 404), the
 * places are the company's own placed addresses and the vehicle its own (else 422 naming the field).
 */
export async function updateDriverShift(
  db: Db,
  companyId: string,
  driverUserId: string,
  body: DriverShiftBody,
) {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: driverInfos.id })
      .from(driverInfos)
      .innerJoin(
        companyMembers,
        and(
          eq(companyMembers.userId, driverInfos.userId),
          eq(companyMembers.companyId, driverInfos.companyId),
          eq(companyMembers.roleSlug, 'driver'),
          eq(companyMembers.status, 'active'),
        ),
      )
      .where(and(eq(driverInfos.companyId, companyId), eq(driverInfos.userId, driverUserId)));
    if (!member) throw notFound('Driver');
    const errors: FieldErrors = {};
    for (const field of ['shiftStartAddressUuid', 'shiftEndAddressUuid'] as const) {
      const id = body[field];
      if (!id) continue;
      const [address] = await tx
        .select({ lat: addresses.lat })
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.companyId, companyId)));
      if (!address) errors[field] = ['Choose an address of your company’s directory.'];
      else if (address.lat === null)
        errors[field] = ['This address has no point on the map yet: place it first.'];
    }
    if (body.usualVehicleUuid) {
      const [vehicle] = await tx
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(and(eq(vehicles.id, body.usualVehicleUuid), eq(vehicles.companyId, companyId)));
      if (!vehicle) errors.usualVehicleUuid = ['Choose a vehicle of your company.'];
    }
    if (Object.keys(errors).length) throw unprocessable(errors);
    await tx
      .update(driverInfos)
      .set({
        shiftStartMinute: body.shiftStartMinute,
        shiftEndMinute: body.shiftEndMinute,
        breakMinutes: body.breakMinutes,
        breakFromMinute: body.breakFromMinute,
        breakUntilMinute: body.breakUntilMinute,
        shiftStartAddressId: body.shiftStartAddressUuid,
        shiftEndAddressId: body.shiftEndAddressUuid,
        usualVehicleId: body.usualVehicleUuid,
        updatedAt: new Date(),
      })
      .where(eq(driverInfos.id, member.id));
    return { ...body, driverUserUuid: driverUserId };
  });
}
