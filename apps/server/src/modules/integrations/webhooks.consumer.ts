import {
  WEBHOOK,
  type Actor,
  type Delivery,
  type LiveEventData,
  type WebhookEventType,
} from '@courier/contract';
import { randomUUID } from 'node:crypto';
import { deliveryAccesses } from '../../access/delivery-access.js';
import type { DbOrTx } from '../../db/client.js';
import { wakeJob } from '../../db/jobs/job-runner.js';
import { loadDeliveries } from '../deliveries/index.js';
import type { EventConsumer, OfferedEvent } from '../live/index.js';
import {
  enabledEndpointsOf,
  insertMessages,
  recentMessageKeys,
  type NewMessage,
} from './webhooks.queries.js';

/** The job that sends the webhooks' messages (decision 066). */
export const WEBHOOKS_SEND_JOB = 'webhooks.send';

/** A webhook event made from a recorded event, for the companies it concerns. */
interface Made {
  type: WebhookEventType;
  companyIds: string[];
  /** What an endpoint hears in order: the delivery, or the auction. */
  orderKey: string;
  deliveryId: string | null;
  data: Record<string, unknown>;
}

const AUCTION_TYPES: Record<string, WebhookEventType> = {
  published: 'auction.published',
  bid: 'auction.bid_placed',
  'bid-withdrawn': 'auction.bid_withdrawn',
  withdrawn: 'auction.withdrawn',
  awarded: 'auction.awarded',
  lost: 'auction.lost',
  expired: 'auction.expired',
};

/** The webhook events a recorded event makes (none for most of the live stream's own news). */
export function webhookEventsOf(e: OfferedEvent): Made[] {
  const parties = [
    e.ownerCompanyId,
    ...(e.carrierCompanyId && e.carrierCompanyId !== e.ownerCompanyId ? [e.carrierCompanyId] : []),
  ];
  const about = (type: WebhookEventType, data: Record<string, unknown>): Made => ({
    type,
    companyIds: parties,
    orderKey: `delivery:${e.deliveryId}`,
    deliveryId: e.deliveryId,
    data,
  });
  switch (e.type) {
    case 'delivery.created':
      return [about('delivery.created', {})];
    case 'delivery.status': {
      const { status } = e.data as LiveEventData<'delivery.status'>;
      return [
        about('delivery.status_changed', { status }),
        ...(status === 'completed' ? [about('delivery.completed', { status })] : []),
        ...(status === 'failed' ? [about('delivery.failed', { status })] : []),
      ];
    }
    case 'delivery.assignment': {
      const { vehicleUuid, driverUserUuids } = e.data as LiveEventData<'delivery.assignment'>;
      return [about('delivery.assigned', { vehicleUuid, driverUserUuids })];
    }
    case 'delivery.proof': {
      const { documentUuid, taskUuid, proofTypeSlug } = e.data as LiveEventData<'delivery.proof'>;
      return [about('delivery.proof_added', { documentUuid, taskUuid, proofTypeSlug })];
    }
    case 'delivery.scan': {
      const { parcelUuid, trackingCode, deliveryStepUuid, kind, at } =
        e.data as LiveEventData<'delivery.scan'>;
      return [
        about('delivery.parcel_scanned', {
          parcelUuid,
          trackingCode,
          deliveryStepUuid,
          kind,
          scannedAt: at,
        }),
      ];
    }
    case 'delivery.eta': {
      // The stored ETA moved by more than a minute (decision 073): the same value the tracking page shows.
      const { stops } = e.data as LiveEventData<'delivery.eta'>;
      return [about('delivery.eta_changed', { stops })];
    }
    case 'position': {
      // Offered only when an endpoint of the delivery's companies wants positions (ingest.queries.ts); throttled below.
      const p = e.data as LiveEventData<'position'>;
      if (!e.deliveryId) return [];
      return [
        {
          ...about('delivery.position', {
            deliveryUuid: e.deliveryId,
            driverUserUuid: p.driverUserUuid,
            vehicleUuid: p.vehicleUuid,
            lat: p.lat,
            lng: p.lng,
            speed: p.speed,
            heading: p.heading,
            recordedAt: p.recordedAt,
          }),
          // A position carries its own data, not the whole delivery: it comes often.
          deliveryId: null,
        },
      ];
    }
    case 'auction': {
      const data = e.data as LiveEventData<'auction'>;
      const type = AUCTION_TYPES[data.change];
      if (!type) return [];
      // An auction event is recorded once per company it is told to (its audience is that company).
      return [
        {
          type,
          companyIds: [e.ownerCompanyId],
          orderKey: `auction:${data.auctionUuid}`,
          deliveryId: null,
          data: {
            auctionUuid: data.auctionUuid,
            change: data.change,
            ...(data.bid ? { bid: data.bid } : {}),
          },
        },
      ];
    }
    default:
      return [];
  }
}

/** A company's endpoints read a delivery as its admin would, through the policy, bounded to reading (decision 066). */
function readerOf(company: { companyId: string; companyTypeSlug: string }): Actor {
  return {
    userId: null,
    isPlatformAdmin: false,
    memberships: [
      { companyId: company.companyId, companyTypeSlug: company.companyTypeSlug, roles: ['company-admin'] },
    ],
    apiKey: { id: 'webhooks', scopes: ['deliveries:read'] },
  };
}

/**
 * The deliveries the batch's messages carry, as each concerned company reads it now (`deliveryId companyId`): per
 * company, one read asks the policy of all its deliveries and one reads them (not one of each per event).
 */
async function deliveriesFor(
  tx: DbOrTx,
  made: readonly { made: Made }[],
  endpoints: readonly { companyId: string; companyTypeSlug: string; events: readonly WebhookEventType[] }[],
): Promise<Map<string, Delivery>> {
  const wanted = new Map<string, { company: (typeof endpoints)[number]; ids: Set<string> }>();
  for (const { made: m } of made) {
    if (!m.deliveryId) continue;
    for (const endpoint of endpoints) {
      if (!m.companyIds.includes(endpoint.companyId) || !endpoint.events.includes(m.type)) continue;
      const entry = wanted.get(endpoint.companyId) ?? { company: endpoint, ids: new Set<string>() };
      entry.ids.add(m.deliveryId);
      wanted.set(endpoint.companyId, entry);
    }
  }
  const found = new Map<string, Delivery>();
  for (const { company, ids } of wanted.values()) {
    const accesses = await deliveryAccesses(tx, readerOf(company), 'read', [...ids]);
    for (const [id, delivery] of await loadDeliveries(tx, [...accesses.values()]))
      found.set(`${id} ${company.companyId}`, delivery);
  }
  return found;
}

/**
 * The webhooks' consumer of recorded events (decisions 059, 066): for each event, a message to each enabled endpoint
 * of a company it concerns that chose its type, with its body fixed now (the delivery as that company reads it now),
 * written in the transaction that takes the events; the sender is woken when it commits.
 */
export const webhooksConsumer: EventConsumer = {
  name: 'webhooks',
  async consume(tx: DbOrTx, events: readonly OfferedEvent[]) {
    const made = events.flatMap((e) => webhookEventsOf(e).map((m) => ({ event: e, made: m })));
    if (made.length === 0) return;
    const endpoints = await enabledEndpointsOf(tx, [...new Set(made.flatMap((m) => m.made.companyIds))]);
    if (endpoints.length === 0) return;
    const deliveries = await deliveriesFor(tx, made, endpoints);
    // A delivery's positions: one message per endpoint every WEBHOOK.positionEverySeconds, the newest of a batch.
    const newestPosition = new Map<string, number>();
    for (const { event, made: m } of made)
      if (m.type === 'delivery.position')
        newestPosition.set(m.orderKey, Math.max(event.id, newestPosition.get(m.orderKey) ?? 0));
    const throttled = made.some((m) => m.made.type === 'delivery.position')
      ? await recentMessageKeys(tx, {
          endpointIds: endpoints.map((e) => e.id),
          eventType: 'delivery.position',
          since: new Date(Date.now() - WEBHOOK.positionEverySeconds * 1000),
        })
      : new Set<string>();
    const rows: NewMessage[] = [];
    for (const { event, made: m } of made)
      for (const endpoint of endpoints) {
        if (!m.companyIds.includes(endpoint.companyId) || !endpoint.events.includes(m.type)) continue;
        if (m.type === 'delivery.position') {
          if (newestPosition.get(m.orderKey) !== event.id) continue;
          const key = `${endpoint.id} ${m.orderKey}`;
          if (throttled.has(key)) continue;
          throttled.add(key);
        }
        let data = m.data;
        if (m.deliveryId) {
          // Gone, or no longer this company's to read (a carrier replaced): nothing to tell it.
          const delivery = deliveries.get(`${m.deliveryId} ${endpoint.companyId}`);
          if (!delivery) continue;
          data = { ...m.data, delivery };
        }
        const id = randomUUID();
        rows.push({
          id,
          endpointId: endpoint.id,
          eventType: m.type,
          orderKey: m.orderKey,
          body: JSON.stringify({ id, type: m.type, timestamp: event.at, data }),
        });
      }
    await insertMessages(tx, rows);
    if (rows.length > 0) await wakeJob(tx, WEBHOOKS_SEND_JOB);
  },
};
