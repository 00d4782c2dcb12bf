import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { auctionKeys } from '../auction-keys';
import { deliveryKeys } from '../delivery-keys';
import { dispatchBoardKeys } from '../dispatch-keys';
import { inboxKeys } from '../inbox-keys';
import { noteKeys } from '../note-keys';
import { notificationKeys } from '../notification-keys';
import { applyLiveSignal } from './apply-live-event';
import { InvalidationBatch } from './invalidation-batch';

const uuid = '00000000-0000-4000-8000-000000000001';
const at = '2026-11-24T08:00:00.000Z';
const slug = 'demo-shipper';

function setup() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const batch = new InvalidationBatch(queryClient, 10);
  const apply = (event: unknown) =>
    applyLiveSignal(queryClient, batch, { slug }, { kind: 'event', event: event as never });
  return { queryClient, invalidate, batch, apply };
}

describe('applying live events to the caches', () => {
  it('writes a status into the cached delivery and invalidates its history once for a burst of events', () => {
    const { queryClient, invalidate, batch, apply } = setup();
    queryClient.setQueryData(deliveryKeys.one(slug, uuid), { uuid, deliveryLiveStatusTypeSlug: 'assigned' });
    for (const status of ['en-route-to-pickup', 'at-pickup', 'picked-up'])
      apply({ id: status, type: 'delivery.status', at, data: { deliveryUuid: uuid, status, at } });
    expect(queryClient.getQueryData(deliveryKeys.one(slug, uuid))).toEqual({
      uuid,
      deliveryLiveStatusTypeSlug: 'picked-up',
      liveStatusChangedAt: at,
    });
    expect(invalidate).not.toHaveBeenCalled();
    batch.flush();
    // Each by its exact key: the delivery, not the key tree of its parts under it (decision 062).
    const keys = invalidate.mock.calls.map(([f, o]) => [f?.queryKey, f?.exact, f?.refetchType, o]);
    const once = { cancelRefetch: false };
    expect(keys).toEqual([
      [deliveryKeys.one(slug, uuid), true, 'active', once],
      [deliveryKeys.part(slug, uuid, 'statuses'), true, 'active', once],
      [deliveryKeys.part(slug, uuid, 'live'), true, 'active', once],
      // The move's message to the recipient (issue 36) is written with it.
      [deliveryKeys.part(slug, uuid, 'recipient-messages'), true, 'active', once],
      [[...deliveryKeys.all(slug), 'list'], false, 'none', once],
      [[...deliveryKeys.all(slug), 'stats'], false, 'none', once],
      [deliveryKeys.liveMap(slug), false, 'active', once],
      [dispatchBoardKeys.boards(slug), false, 'active', once],
    ]);
  });

  it('asks only the parts each delivery event changes, never the whole delivery key tree', () => {
    const { invalidate, batch, apply } = setup();
    const sent = (event: unknown) => {
      invalidate.mockClear();
      apply(event);
      batch.flush();
      return invalidate.mock.calls
        .filter(([f]) => f?.refetchType === 'active')
        .map(([f]) =>
          f?.exact
            ? f.queryKey?.slice(deliveryKeys.one(slug, uuid).length).join('/') || 'one'
            : `${String(f?.queryKey?.at(-1))} and under`,
        );
    };
    const d = { deliveryUuid: uuid, at };
    expect(
      sent({
        id: '1',
        type: 'delivery.proof',
        at,
        data: { ...d, documentUuid: uuid, taskUuid: null, proofTypeSlug: 'photo' },
      }),
    ).toEqual(['proofs']);
    expect(
      sent({
        id: '2',
        type: 'delivery.proof',
        at,
        data: { ...d, documentUuid: uuid, taskUuid: uuid, proofTypeSlug: 'pin' },
      }),
    ).toEqual(['proofs', 'tasks']);
    expect(
      sent({ id: '3', type: 'delivery.quote', at, data: { ...d, quoteUuid: uuid, change: 'accepted' } }),
    ).toEqual(['quotes', 'one']);
    expect(
      sent({
        id: '4',
        type: 'delivery.assignment',
        at,
        data: { ...d, vehicleUuid: null, driverUserUuids: [] },
      }),
    ).toEqual(['assignments', 'one', 'live', 'live-map and under', 'board and under']);
    expect(sent({ id: '5', type: 'delivery.route', at, data: d })).toEqual([
      'one',
      'steps',
      'addresses',
      'live',
      'live-map and under',
    ]);
    // The one ETA of a stop moved (decision 073): the delivery's live side and the boards, nothing else.
    expect(
      sent({
        id: '5b',
        type: 'delivery.eta',
        at,
        data: { ...d, stops: [{ deliveryStepUuid: uuid, arriveAt: at }] },
      }),
    ).toEqual(['live', 'board and under']);
    // A route changed on the dispatch board (issue 35): the company's boards read the day again.
    expect(
      sent({ id: '6', type: 'route.planned', at, data: { driverUserUuid: uuid, day: '2026-11-30', at } }),
    ).toEqual(['board and under']);
    // A message to the recipient written, sent or reported on (issue 36): the delivery's log of them.
    expect(
      sent({
        id: '7',
        type: 'recipient.message',
        at,
        data: { deliveryUuid: uuid, messageUuid: uuid, status: 'delivered' },
      }),
    ).toEqual(['recipient-messages']);
  });

  it('invalidates only the notes of the delivery a note is on, and leaves an uncached delivery alone', () => {
    const { queryClient, invalidate, batch, apply } = setup();
    apply({
      id: '1',
      type: 'delivery.note',
      at,
      data: { deliveryUuid: uuid, noteUuid: uuid, parentNoteUuid: null, at },
    });
    apply({ id: '2', type: 'delivery.status', at, data: { deliveryUuid: uuid, status: 'at-pickup', at } });
    batch.flush();
    expect(queryClient.getQueryData(deliveryKeys.one(slug, uuid))).toBeUndefined();
    expect(invalidate.mock.calls[0]?.[0]?.queryKey).toEqual(noteKeys.of(slug, 'deliveries', uuid));
  });

  it('refetches what is shown after a reset', () => {
    const { queryClient, invalidate, batch } = setup();
    applyLiveSignal(queryClient, batch, { slug }, { kind: 'reset' });
    batch.flush();
    expect(invalidate).toHaveBeenCalledWith(
      { queryKey: deliveryKeys.all(slug), exact: false, refetchType: 'active' },
      { cancelRefetch: false },
    );
  });

  it('refetches the company’s marketplace screens on an auction event, once for a burst', () => {
    const { invalidate, batch, apply } = setup();
    apply({ id: '1', type: 'auction', at, data: { auctionUuid: uuid, change: 'bid', at } });
    apply({ id: '2', type: 'auction', at, data: { auctionUuid: uuid, change: 'awarded', at } });
    batch.flush();
    const keys = invalidate.mock.calls.map(([f]) => [f?.queryKey, f?.refetchType]);
    expect(keys).toEqual([
      [auctionKeys.all(slug), 'active'],
      [[...deliveryKeys.all(slug), 'list'], 'none'],
    ]);
  });

  it('refetches the bell on a notification event (made after the change, by its consumers), once for a burst', () => {
    const { invalidate, batch, apply } = setup();
    // The status itself no longer refetches the bell: its notification is made after it commits.
    apply({ id: '1', type: 'delivery.status', at, data: { deliveryUuid: uuid, status: 'picked-up', at } });
    batch.flush();
    expect(invalidate.mock.calls.map(([f]) => f?.queryKey)).not.toContainEqual(notificationKeys.all());
    invalidate.mockClear();
    apply({ id: '2', type: 'notification', at, data: { userUuids: [uuid] } });
    apply({ id: '3', type: 'notification', at, data: { userUuids: [uuid] } });
    batch.flush();
    expect(invalidate.mock.calls.map(([f]) => [f?.queryKey, f?.refetchType])).toEqual([
      [notificationKeys.all(), 'active'],
    ]);
  });

  it('refetches the inbox (the header count, the list, the open thread) on a message event', () => {
    const { invalidate, batch, apply } = setup();
    const data = { conversationUuid: uuid, deliveryUuid: null, messageUuid: uuid, authorUuid: uuid, at };
    apply({ id: '1', type: 'message', at, data });
    apply({ id: '2', type: 'message', at, data });
    batch.flush();
    expect(invalidate.mock.calls.map(([f]) => [f?.queryKey, f?.refetchType])).toEqual([
      [inboxKeys.all(slug), 'active'],
    ]);
  });

  it("asks the recipient's part again on their instructions or rating, and the driver's stop on instructions", () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const batch = new InvalidationBatch(queryClient, 10);
    const driver = {
      deliveries: () => ['my-deliveries'],
      delivery: (id: string) => ['my-deliveries', id],
      notes: (id: string) => ['my-notes', id],
      myStatus: () => ['my-status'],
    };
    const sent = (scope: { slug: string | null }, change: 'instructions' | 'rating') => {
      invalidate.mockClear();
      const data = { deliveryUuid: uuid, change, at };
      applyLiveSignal(
        queryClient,
        batch,
        { ...scope, driver },
        {
          kind: 'event',
          event: { id: '1', type: 'delivery.recipient', at, data },
        },
      );
      batch.flush();
      return invalidate.mock.calls.map(([f]) => [f?.queryKey, f?.refetchType]);
    };
    expect(sent({ slug }, 'instructions')).toEqual([
      [deliveryKeys.part(slug, uuid, 'recipient'), 'active'],
      [['my-deliveries', uuid], 'active'],
      [['my-deliveries'], 'active'],
    ]);
    expect(sent({ slug: null }, 'instructions')).toEqual([
      [['my-deliveries', uuid], 'active'],
      [['my-deliveries'], 'active'],
    ]);
    expect(sent({ slug: null }, 'rating')).toEqual([]);
    // A rating moves the dashboard's figure: marked stale, asked when next shown.
    expect(sent({ slug }, 'rating')).toContainEqual([[...deliveryKeys.all(slug), 'stats'], 'none']);
  });
});
