import {
  adminUserCalls,
  auctionCalls,
  deliveryCalls,
  driverCalls,
  noteCalls,
  proofCalls,
  recipientMessageCalls,
} from '@courier/contract';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotes } from '../../../components/notes/api/list-notes';
import { urlOf, type AnyCall } from '../../../lib/api-client';
import { deliveryKeys } from '../../../lib/delivery-keys';
import { LiveStreamProvider } from '../../../lib/live';
import { createQueryClient } from '../../../lib/query-client';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { useCarrierRating } from './carrier-rating';
import { useDeliveryLive } from './delivery-live';
import { useFollowDeliveryParts } from './follow-delivery';
import { useDelivery } from './get-delivery';
import { useDeliveryPart } from './list-delivery-parts';
import { useDeliveryPeople } from './list-people';
import { useProofs } from './proofs';
import { useRecipientInput } from './get-recipient-input';
import { useDeliveryRecipientMessages } from './list-recipient-messages';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn(), hide: vi.fn() } }));

const slug = 'demo-shipper';
const uuid = '00000000-0000-4000-8000-000000000001';
const other = '00000000-0000-4000-8000-000000000002';
const at = '2026-11-24T08:00:00.000Z';
const params = { companySlug: slug };
/** A busy server: an answer takes longer than the live client's batching window. */
const LATENCY_MS = 150;

/** The delivery page's calls (delivery-detail-page.tsx), by the part of the page each one fills. */
const CALLS: Record<string, [AnyCall, Record<string, string>, unknown]> = {
  delivery: [deliveryCalls.getDelivery, { ...params, deliveryUuid: uuid }, null],
  steps: [deliveryCalls.listSteps, params, []],
  tasks: [deliveryCalls.listTasks, params, []],
  parcels: [deliveryCalls.listParcels, params, []],
  quotes: [deliveryCalls.listQuotes, params, []],
  statuses: [deliveryCalls.listStatuses, params, []],
  addresses: [deliveryCalls.listAddresses, params, []],
  contacts: [deliveryCalls.listContacts, params, []],
  assignments: [deliveryCalls.listAssignments, params, []],
  users: [adminUserCalls.listUsers, params, {}],
  drivers: [driverCalls.listDriverInfo, params, {}],
  carrierRating: [
    auctionCalls.getCarrierRating,
    { ...params, deliveryUuid: uuid },
    { carrier: null, rating: null },
  ],
  proofs: [proofCalls.listProofs, params, {}],
  notes: [
    noteCalls.listNotes,
    { ...params, noteableTypePlural: 'deliveries', noteableUuid: uuid },
    { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } },
  ],
  live: [deliveryCalls.getDeliveryLive, params, { eta: null, lastPosition: null }],
  track: [deliveryCalls.listLocations, params, []],
  recipient: [deliveryCalls.getRecipientInput, params, { instructions: null, rating: null }],
  recipientMessages: [
    recipientMessageCalls.listDeliveryRecipientMessages,
    { ...params, deliveryUuid: uuid },
    [],
  ],
};

const delivery = (status: string) => ({
  uuid,
  createdAt: at,
  quoteStatusChangedAt: at,
  liveStatusChangedAt: at,
  startedAt: at,
  completedAt: null,
  name: 'Flowers',
  description: '',
  externalId: null,
  isActive: true,
  activeDeliveryStepUuid: null,
  activeDeliveryStepTaskUuid: null,
  originatorSlug: 'web',
  originatorAccountUuid: null,
  deliveryQuoteStatusTypeSlug: 'accepted',
  deliveryLiveStatusTypeSlug: status,
  deliveryCancelTypeSlug: null,
  isScheduled: false,
  distanceM: 0,
  originalDistanceM: 0,
  durationS: 0,
  originalDurationS: 0,
  maxVolumeCm3: 0,
  maxWeightKg: 0,
  totalSteps: 0,
  currencyCode: 'EUR',
  maxParcelPriceMinor: 0,
  deliveryQuoteUuids: [],
  deliveryDocuments: [],
  deliveryScheduleWindows: [],
  deliverySteps: [],
  vehicleMap: {},
  location: null,
  handoverPin: null,
  nextStatusOptions: { user: [], system: [] },
  allowedActions: [],
  notes: [],
});

/**
 * A server that answers every call of the page after a few milliseconds (so a refetch can overlap another) and counts,
 * by part, the calls made and the calls cancelled before their answer.
 */
function countingServer() {
  const byPath = new Map<string, string>();
  for (const [part, [call, p]] of Object.entries(CALLS))
    byPath.set(new URL(urlOf(call, p), 'http://localhost').pathname, part);
  const calls: Record<string, number> = {};
  const cancelled: Record<string, number> = {};
  let status = 'en-route-to-pickup';
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const part = byPath.get(new URL(url, 'http://localhost').pathname) ?? `unknown ${url}`;
    calls[part] = (calls[part] ?? 0) + 1;
    const body = part === 'delivery' ? delivery(status) : CALLS[part]?.[2];
    const payload = part === 'notes' ? body : { data: body };
    return new Promise<Response>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          resolve(
            new Response(JSON.stringify(payload), {
              status: 200,
              headers: { 'Content-Type': 'application/json' },
            }),
          ),
        LATENCY_MS,
      );
      init?.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        cancelled[part] = (cancelled[part] ?? 0) + 1;
        reject(new DOMException('Aborted', 'AbortError'));
      });
    });
  });
  return {
    fetch,
    calls,
    cancelled,
    setStatus: (s: string) => (status = s),
    reset() {
      for (const k of Object.keys(calls)) delete calls[k];
      for (const k of Object.keys(cancelled)) delete cancelled[k];
    },
  };
}

/** Every read the delivery page makes (delivery-detail-page.tsx), with the page's live follow-up. */
function DeliveryPageReads() {
  const delivery = useDelivery(slug, uuid);
  useDeliveryPart(slug, uuid, 'steps');
  useDeliveryPart(slug, uuid, 'tasks');
  useDeliveryPart(slug, uuid, 'addresses');
  useDeliveryPart(slug, uuid, 'contacts');
  useDeliveryPart(slug, uuid, 'parcels');
  useDeliveryPart(slug, uuid, 'quotes');
  useDeliveryPart(slug, uuid, 'statuses');
  useDeliveryPart(slug, uuid, 'assignments');
  useDeliveryPeople(slug);
  useCarrierRating(slug, uuid);
  useRecipientInput(slug, uuid);
  useProofs(slug, uuid);
  useNotes(slug, { type: 'deliveries', uuid }, null);
  useDeliveryRecipientMessages(slug, uuid);
  useFollowDeliveryParts(slug, delivery.data);
  useDeliveryLive(slug, uuid, delivery.data?.deliveryLiveStatusTypeSlug ?? 'created');
  return null;
}

const settled = (queryClient: QueryClient) =>
  waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 5_000 });

async function openPage({ connected = true } = {}) {
  const server = countingServer();
  vi.stubGlobal('fetch', server.fetch);
  const queryClient = createQueryClient();
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <LiveStreamProvider
        url="/api/v1/stream"
        slug={slug}
        options={{ createEventSource: (u) => new FakeEventSource(u) }}
      >
        {children}
      </LiveStreamProvider>
    </QueryClientProvider>
  );
  render(wrap(<DeliveryPageReads />));
  await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
  const source = FakeEventSource.all[0]!;
  act(() => {
    source.open();
    if (connected) source.send('stream.ready', {}, '1');
  });
  await waitFor(() => expect(server.calls.track).toBe(1));
  await settled(queryClient);
  server.reset();
  let id = 10;
  /** Sends events as the server does, one after the other. */
  const emit = (...events: { type: string; data: unknown }[]) =>
    act(() => {
      for (const e of events) {
        id += 1;
        source.send(e.type, { id: String(id), type: e.type, at, data: e.data }, String(id));
      }
    });
  /** Waits until every refetch the events caused is done (they are gathered for a short window first). */
  const idle = async () => {
    await act(() => new Promise((r) => setTimeout(r, 400)));
    await settled(queryClient);
  };
  const send = async (...events: { type: string; data: unknown }[]) => {
    emit(...events);
    await idle();
  };
  return { server, queryClient, emit, idle, send };
}

const statusEvent = (status: string) => ({
  type: 'delivery.status',
  data: { deliveryUuid: uuid, status, at },
});
const positionEvent = (n: number) => ({
  type: 'position',
  data: {
    deliveryUuids: [uuid],
    driverUserUuid: other,
    vehicleUuid: other,
    lat: 52.37 + n / 1000,
    lng: 4.89,
    recordedAt: `2026-11-24T08:0${n}:00.000Z`,
    speed: 8,
    heading: 90,
  },
});
const noteEvent = {
  type: 'delivery.note',
  data: { deliveryUuid: uuid, noteUuid: other, parentNoteUuid: null, at },
};
const proofEvent = {
  type: 'delivery.proof',
  data: { deliveryUuid: uuid, documentUuid: other, taskUuid: other, proofTypeSlug: 'photo', at },
};
const assignmentEvent = {
  type: 'delivery.assignment',
  data: { deliveryUuid: uuid, vehicleUuid: other, driverUserUuids: [other], at },
};
const quoteEvent = {
  type: 'delivery.quote',
  data: { deliveryUuid: uuid, quoteUuid: other, change: 'created', at },
};
const routeEvent = { type: 'delivery.route', data: { deliveryUuid: uuid, at } };
const instructionsEvent = {
  type: 'delivery.recipient',
  data: { deliveryUuid: uuid, change: 'instructions', at },
};
const recipientMessageEvent = {
  type: 'recipient.message',
  data: { deliveryUuid: uuid, messageUuid: other, status: 'delivered' },
};

type Calls = Record<string, number>;

describe('the open delivery page under live events (issue 33 item 6, decision 062)', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
  });
  afterEach(() => vi.unstubAllGlobals());

  it('writes a status into the delivery at once, then asks only the delivery, its history and its ETA again', async () => {
    const { server, queryClient, emit, idle } = await openPage();
    server.setStatus('at-pickup');
    emit(statusEvent('at-pickup'));
    expect(queryClient.getQueryData(deliveryKeys.one(slug, uuid))).toMatchObject({
      deliveryLiveStatusTypeSlug: 'at-pickup',
    });
    await idle();
    // Before: 26 calls over the 13 parts of the page, 12 of them cancelled. The move's message to the recipient
    // (issue 36) is written with it.
    expect(server.calls).toEqual<Calls>({ delivery: 1, statuses: 1, live: 1, recipientMessages: 1 });
    expect(server.cancelled).toEqual({});
  });

  it('moves the driver along the track on a position, asking nothing but the ETA, at most every 15 s', async () => {
    const { server, queryClient, send } = await openPage();
    await send(positionEvent(1));
    await send(positionEvent(2));
    expect(queryClient.getQueryData(deliveryKeys.part(slug, uuid, 'track'))).toHaveLength(2);
    expect(server.calls).toEqual<Calls>({ live: 1 });
  });

  it.each([
    // Before: 1, 1, 14, 14 and 13 calls.
    ['a note', noteEvent, { notes: 1 }],
    ['a proof', proofEvent, { proofs: 1 }],
    ['an assignment', assignmentEvent, { delivery: 1, assignments: 1, live: 1 }],
    ['a quote', quoteEvent, { delivery: 1, quotes: 1 }],
    ['a route estimated again', routeEvent, { delivery: 1, steps: 1, addresses: 1, live: 1 }],
    ["the recipient's instructions", instructionsEvent, { recipient: 1 }],
    ['a message to the recipient sent or delivered', recipientMessageEvent, { recipientMessages: 1 }],
  ])('asks again only what %s changes', async (_, event, expected) => {
    const { server, send } = await openPage();
    await send(event);
    expect(server.calls).toEqual<Calls>(expected);
    expect(server.cancelled).toEqual({});
  });

  it('writes an assignment’s vehicle and drivers into the delivery at once', async () => {
    const { queryClient, emit, idle } = await openPage();
    emit(assignmentEvent);
    expect(queryClient.getQueryData(deliveryKeys.one(slug, uuid))).toMatchObject({
      vehicleMap: { [other]: [other] },
    });
    await idle();
  });

  it('asks each part at most once for a burst of events, and cancels nothing', async () => {
    const { server, queryClient, send } = await openPage();
    server.setStatus('picked-up');
    await send(statusEvent('at-pickup'), positionEvent(1), noteEvent, proofEvent, statusEvent('picked-up'));
    // Before: 29 calls, 13 of them cancelled.
    expect(server.calls).toEqual<Calls>({
      delivery: 1,
      statuses: 1,
      live: 1,
      notes: 1,
      proofs: 1,
      recipientMessages: 1,
    });
    expect(server.cancelled).toEqual({});
    expect(queryClient.getQueryData(deliveryKeys.one(slug, uuid))).toMatchObject({
      deliveryLiveStatusTypeSlug: 'picked-up',
    });
  });

  it('lets a refetch in flight answer, then asks once more for an event that came after it started', async () => {
    const { server, queryClient, emit, idle } = await openPage();
    server.setStatus('at-pickup');
    emit(statusEvent('at-pickup'));
    await waitFor(() => expect(server.calls.delivery).toBe(1), { interval: 5 });
    // The answer in flight was computed before the next move: it must not be the last word.
    server.setStatus('picked-up');
    emit(statusEvent('picked-up'));
    await idle();
    expect(server.calls).toEqual<Calls>({ delivery: 2, statuses: 2, live: 2, recipientMessages: 2 });
    expect(server.cancelled).toEqual({});
    expect(queryClient.getQueryData(deliveryKeys.one(slug, uuid))).toMatchObject({
      deliveryLiveStatusTypeSlug: 'picked-up',
    });
  });

  it('while the stream is down, asks again only what a polled answer shows changed', async () => {
    const { server, queryClient } = await openPage({ connected: false });
    server.setStatus('picked-up');
    // What the page's poll (FOLLOW_DELIVERY_MS) does.
    await act(() => queryClient.refetchQueries({ queryKey: deliveryKeys.one(slug, uuid), exact: true }));
    await settled(queryClient);
    // Before: the delivery and every one of its 12 parts.
    expect(server.calls).toEqual<Calls>({ delivery: 1, statuses: 1, live: 1, recipientMessages: 1 });
  });
});
