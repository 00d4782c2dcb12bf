import type {
  Contact,
  Delivery,
  DeliveryStepTask,
  DriverDelivery,
  DriverStop,
  Parcel,
} from '@courier/contract';
import { presentInstructions } from '../../lib/recipient-instructions.js';
import { presentAddress, type AddressRow } from '../directory/index.js';

interface StopRow {
  id: string;
  stepOrderNo: number;
  lat: number | null;
  lng: number | null;
  address: AddressRow | null;
  routeDay: string | null;
  routePosition: number | null;
  plannedArrivalAt: Date | null;
  etaAt: Date | null;
  /** Drizzle's left join: the instructions' row, or null when the recipient wrote none. */
  instructions: Parameters<typeof presentInstructions>[0];
}

/**
 * A delivery as its driver works it: the delivery itself, whose it is, and its stops in order, each with what to do
 * there (tasks), whom to meet (the tasks' contacts) and what to collect or hand over (the tasks' parcels).
 */
export function presentDriverDelivery(
  delivery: Delivery,
  ownerCompanyName: string,
  children: {
    stops: StopRow[];
    tasks: DeliveryStepTask[];
    contacts: (Contact & { deliveryStepTaskUuids?: string[] | undefined })[];
    parcels: Parcel[];
    taskParcels: { taskId: string; parcelId: string }[];
  },
): DriverDelivery {
  const stops: DriverStop[] = children.stops.map((s) => {
    const tasks = children.tasks.filter((t) => t.deliveryStepUuid === s.id);
    const taskIds = new Set(tasks.map((t) => t.uuid));
    const parcelIds = new Set(
      children.taskParcels.filter((l) => taskIds.has(l.taskId)).map((l) => l.parcelId),
    );
    return {
      deliveryStepUuid: s.id,
      stepOrderNo: s.stepOrderNo,
      address: s.address ? presentAddress(s.address) : null,
      location: s.lat !== null && s.lng !== null ? { lat: s.lat, lng: s.lng } : null,
      tasks,
      contacts: children.contacts.filter((c) => c.deliveryStepTaskUuids?.some((id) => taskIds.has(id))),
      parcels: children.parcels.filter((p) => parcelIds.has(p.uuid)),
      plan:
        s.routeDay !== null && s.routePosition !== null
          ? {
              day: s.routeDay,
              position: s.routePosition,
              arrivalAt: s.plannedArrivalAt?.toISOString() ?? null,
            }
          : null,
      etaAt: s.etaAt?.toISOString() ?? null,
      recipientInstructions: presentInstructions(s.instructions),
    };
  });
  return { ...delivery, ownerCompanyName, stops };
}
