import type {
  Auction,
  BidRates,
  BidStats,
  DeliveryCarrierRating,
  NotificationSummary,
} from '@courier/contract';
import { and, eq, gt, like, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctions, deliveries, driverInfos, events, mailOutbox } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { SseClient } from '../../test/sse-client.js';
import { createTestDelivery, testDropoff, testPickup } from '../../test/delivery-fixture.js';
import { createCompany, createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expireAuctions } from './index.js';

/** The marketplace's rules (issue 13, decision 026), through the API, on whichever database the run uses. */
let t: TestApp;
const base = {} as Record<'shipper' | 'courier' | 'rival' | 'walker' | 'stranger', string>;
const ids = {} as Record<'shipper' | 'courier' | 'rival' | 'walker' | 'stranger', string>;
const admin = {} as Record<'shipper' | 'courier' | 'rival' | 'walker' | 'stranger' | 'courierDriver', Agent>;

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const dataOf = <T>(res: { json: <R>() => R }) => res.json<{ data: T }>().data;

async function signedIn(companyId: string, role: 'company-admin' | 'driver') {
  const user = await createUser(t.database.db, { company: { id: companyId }, roles: [role] });
  const agent = new Agent(t.app);
  await agent.login(user.email, TEST_PASSWORD);
  return agent;
}

async function addVehicle(who: 'courier' | 'rival' | 'walker', size: string) {
  const res = await admin[who].post(`${base[who]}/vehicle`, {
    name: `${size} ${who}`,
    registrationNumber: `R${Math.random().toString(36).slice(2, 8)}`,
    vehicleSizeTypeSlug: size,
  });
  expect(res.statusCode).toBe(201);
}

/** A fresh delivery of the shipper (`delivery`: its create body's fields) offered for bids, closing in `minutes`. */
async function published(
  body: Record<string, unknown> = {},
  minutes = 60,
  delivery: Record<string, unknown> = {},
): Promise<Auction & { deliveryUuid: string }> {
  const d = await createTestDelivery(admin.shipper, base.shipper, delivery);
  const res = await admin.shipper.post(`${base.shipper}/delivery/${d.uuid}/auction`, {
    closesAt: inMinutes(minutes),
    vehicleSizeSlug: 'van-small',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...dataOf<Auction>(res), deliveryUuid: d.uuid };
}

const bid = (
  who: 'courier' | 'rival' | 'walker' | 'shipper',
  auctionUuid: string,
  body: Record<string, unknown> = {},
) =>
  admin[who].request('PUT', `${base[who]}/auction/${auctionUuid}/bid`, {
    priceMinor: 4500,
    currencyCode: 'GBP',
    vehicleSizeSlug: 'van-small',
    pickupEta: inMinutes(120),
    ...body,
  });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const shipper = await createCompany(db, { type: 'shipper', name: 'Bloom Flowers' });
  const courier = await createCompany(db, { type: 'courier', name: 'Swift Couriers' });
  const rival = await createCompany(db, { type: 'courier', name: 'Rapid Vans' });
  const walker = await createCompany(db, { type: 'courier', name: 'On Foot Ltd' });
  const stranger = await createCompany(db, { type: 'shipper', name: 'Other Shipper' });
  for (const [k, c] of Object.entries({ shipper, courier, rival, walker, stranger })) {
    base[k as keyof typeof base] = `/api/v1/c/${c.slug}/admin`;
    ids[k as keyof typeof base] = c.id;
    admin[k as keyof typeof base] = await signedIn(c.id, 'company-admin');
  }
  admin.courierDriver = await signedIn(courier.id, 'driver');
  await addVehicle('courier', 'van-small');
  await addVehicle('rival', 'van-large');
  await addVehicle('walker', 'foot');
});
afterAll(() => t.close());

describe('publishing an auction', () => {
  it('offers an unassigned delivery of the owner, with what bidders will see taken now', async () => {
    const a = await published({ reserveMinor: 9000, urgency: 'hotshot', notes: 'Fragile flowers' });
    expect(a).toMatchObject({
      state: 'open',
      viewer: 'owner',
      urgency: 'hotshot',
      vehicleSizeSlug: 'van-small',
      currencyCode: 'GBP',
      reserve: { priceMinor: 9000, currencyCode: 'GBP' },
      notes: 'Fragile flowers',
      shipper: { name: 'Bloom Flowers' },
      delivery: { uuid: a.deliveryUuid },
      bids: [],
      bidCount: 0,
      stopCount: 2,
    });
    expect(a.distanceM).toBeGreaterThan(1000);
    expect(a.pickup).toMatchObject({ city: expect.any(String), postcodeArea: expect.any(String) });
    expect(Date.parse(a.awardBy) - Date.parse(a.closesAt)).toBe(24 * 3_600_000);
  });

  it('refuses a closing time too soon, an unknown size, a second auction of the same delivery and a carried one', async () => {
    const d = await createTestDelivery(admin.shipper, base.shipper);
    const path = `${base.shipper}/delivery/${d.uuid}/auction`;
    const soon = await admin.shipper.post(path, { closesAt: inMinutes(1), vehicleSizeSlug: 'van-small' });
    expect(soon.statusCode).toBe(422);
    expect(soon.json<{ errors: Record<string, string[]> }>().errors.closesAt).toBeDefined();
    const size = await admin.shipper.post(path, { closesAt: inMinutes(60), vehicleSizeSlug: 'spaceship' });
    expect(size.statusCode).toBe(422);
    expect(
      (await admin.shipper.post(path, { closesAt: inMinutes(60), vehicleSizeSlug: 'van-small' })).statusCode,
    ).toBe(201);
    const again = await admin.shipper.post(path, { closesAt: inMinutes(60), vehicleSizeSlug: 'van-small' });
    expect(again.statusCode).toBe(409);

    const carried = await createTestDelivery(admin.shipper, base.shipper);
    await t.database.db
      .update(deliveries)
      .set({ carrierCompanyId: ids.courier })
      .where(eq(deliveries.id, carried.uuid));
    const taken = await admin.shipper.post(`${base.shipper}/delivery/${carried.uuid}/auction`, {
      closesAt: inMinutes(60),
      vehicleSizeSlug: 'van-small',
    });
    expect(taken.statusCode).toBe(409);
  });

  it('is the owner admin’s: a courier or a stranger cannot offer the delivery', async () => {
    const d = await createTestDelivery(admin.shipper, base.shipper);
    const body = { closesAt: inMinutes(60), vehicleSizeSlug: 'van-small' };
    expect((await admin.stranger.post(`${base.stranger}/delivery/${d.uuid}/auction`, body)).statusCode).toBe(
      404,
    );
    expect((await admin.courier.post(`${base.courier}/delivery/${d.uuid}/auction`, body)).statusCode).toBe(
      404,
    );
  });
});

describe('open auctions and bids', () => {
  it('shows couriers the route by area with a suggested price from their rates, never the shipper’s details', async () => {
    const rates: BidRates = {
      depot: { label: 'Hackney yard', lat: 51.545, lng: -0.055 },
      localRadiusMiles: 15,
      matchRadiusMiles: 40,
      currencyCode: 'GBP',
      local: { baseFare: 5, costPerDistance: 1.5, costPerHour: 20 },
      outlying: { baseFare: 10, costPerDistance: 2, costPerHour: 25 },
    };
    const saved = await admin.courier.request('PUT', `${base.courier}/bid-rates`, rates);
    expect(saved.statusCode, saved.body).toBe(200);
    const a = await published();
    const res = await admin.courier.get(`${base.courier}/auction/open?sort=newest&per_page=100`);
    expect(res.statusCode).toBe(200);
    const seen = res.json<{ data: Auction[] }>().data.find((x) => x.uuid === a.uuid)!;
    expect(seen).toMatchObject({
      viewer: 'courier',
      delivery: null,
      bids: null,
      bidCount: null,
      myBid: null,
    });
    expect(seen.suggested?.band).toBe('local');
    const miles = a.distanceM / 1609.344;
    const hours = a.durationS / 3600;
    expect(seen.suggested?.price.priceMinor).toBe(Math.round((5 + 1.5 * miles + 20 * hours) * 100));
    expect(seen.fromDepotM).toBeGreaterThan(0);
    expect(JSON.stringify(seen)).not.toMatch(/Test run|line1|phone|email/i);

    // The shipper's own auctions are not on its own open list; a shipper has no open list at all.
    expect((await admin.shipper.get(`${base.shipper}/auction/open`)).statusCode).toBe(403);
    // A courier's driver is not an admin.
    expect((await admin.courierDriver.get(`${base.courier}/auction/open`)).statusCode).toBe(403);
  });

  it('tells two offers on the same route apart: their window, parcels, weight, size and distance', async () => {
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const pickupWindow = { from: at(72), to: at(74) };
    const wholeWindow = { from: at(96), to: at(99) };
    const flowers = await published({ vehicleSizeSlug: 'van-small' }, 60, {
      name: 'Flowers for the Ritz',
      parcels: [{ name: 'Arrangements', volumeCm3: 40_000, weightKg: 18, quantity: 12 }],
      scheduleWindows: [
        { deliveryScheduleWindowTypeSlug: 'pickup', startAt: pickupWindow.from, endAt: pickupWindow.to },
      ],
    });
    const chairs = await published({ vehicleSizeSlug: 'van-large' }, 60, {
      name: 'Chairs for the Ritz',
      steps: [
        testPickup,
        {
          ...testDropoff,
          address: { ...testDropoff.address, line1: '200 Mare St', lat: 51.549, lng: -0.045 },
        },
      ],
      parcels: [
        { name: 'Chairs', volumeCm3: 250_000, weightKg: 7.5, quantity: 2 },
        { name: 'Table', volumeCm3: 400_000, weightKg: 30, quantity: 1 },
      ],
      scheduleWindows: [
        {
          deliveryScheduleWindowTypeSlug: 'whole-delivery',
          startAt: wholeWindow.from,
          endAt: wholeWindow.to,
        },
      ],
    });
    const res = await admin.courier.get(`${base.courier}/auction/open?sort=newest&per_page=100`);
    expect(res.statusCode).toBe(200);
    const seen = (uuid: string) => res.json<{ data: Auction[] }>().data.find((x) => x.uuid === uuid)!;
    const facts = (a: Auction) => ({
      route: [a.pickup?.postcodeArea, a.dropoff?.postcodeArea],
      window: a.pickupWindow,
      parcels: [a.parcels.count, a.parcels.weightKg],
      size: a.vehicleSizeSlug,
    });
    expect(facts(seen(flowers.uuid))).toEqual({
      route: ['N1', 'E8'],
      window: pickupWindow,
      parcels: [12, 216],
      size: 'van-small',
    });
    // A window for the whole delivery stands for the pickup's when it has none of its own.
    expect(facts(seen(chairs.uuid))).toEqual({
      route: ['N1', 'E8'],
      window: wholeWindow,
      parcels: [3, 45],
      size: 'van-large',
    });
    expect(seen(chairs.uuid).distanceM).toBeGreaterThan(seen(flowers.uuid).distanceM);
    // Those facts, still not the delivery's name nor its street.
    expect(JSON.stringify([seen(flowers.uuid), seen(chairs.uuid)])).not.toMatch(/Ritz|Mare St/);
  });

  it('takes a sealed bid, revised in place; the shipper sees every bid with its bidder, a courier only its own', async () => {
    const a = await published({ reserveMinor: 8000 });
    expect((await bid('courier', a.uuid)).statusCode).toBe(200);
    const revised = await bid('courier', a.uuid, { priceMinor: 4200, note: 'Can do it in an hour' });
    expect(revised.statusCode).toBe(200);
    expect(dataOf<Auction>(revised).myBid).toMatchObject({ status: 'active', price: { priceMinor: 4200 } });
    expect((await bid('rival', a.uuid, { vehicleSizeSlug: 'van-large', priceMinor: 3900 })).statusCode).toBe(
      200,
    );

    const owner = dataOf<Auction>(await admin.shipper.get(`${base.shipper}/auction/${a.uuid}`));
    expect(owner.bids?.map((b) => [b.bidder.name, b.price.priceMinor])).toEqual([
      ['Rapid Vans', 3900],
      ['Swift Couriers', 4200],
    ]);
    expect(owner.bids?.[0]?.bidder).toMatchObject({ rating: { average: null, count: 0 }, completedJobs: 0 });
    const courier = dataOf<Auction>(await admin.courier.get(`${base.courier}/auction/${a.uuid}`));
    expect(courier.bids).toBeNull();
    expect(courier.myBid?.price.priceMinor).toBe(4200);
    expect(JSON.stringify(courier)).not.toContain('3900');
  });

  it('refuses the shipper’s own bid, a size the fleet lacks or too small, another currency, a price over the reserve', async () => {
    const a = await published({ reserveMinor: 5000 });
    const own = await bid('shipper', a.uuid);
    expect(own.statusCode).toBe(422);
    expect(own.json<{ message: string }>().message).toMatch(/own auction/);
    const walker = await bid('walker', a.uuid, { vehicleSizeSlug: 'foot' });
    expect(walker.statusCode).toBe(422);
    expect(walker.json<{ errors: Record<string, string[]> }>().errors.vehicleSizeSlug).toBeDefined();
    const lacking = await bid('walker', a.uuid, { vehicleSizeSlug: 'van-small' });
    expect(lacking.statusCode).toBe(422);
    expect(lacking.json<{ errors: Record<string, string[]> }>().errors.vehicleSizeSlug).toEqual([
      'Your fleet has no vehicle of this size.',
    ]);
    const euros = await bid('courier', a.uuid, { currencyCode: 'EUR' });
    expect(euros.statusCode).toBe(422);
    expect(euros.json<{ errors: Record<string, string[]> }>().errors.currencyCode).toBeDefined();
    const dear = await bid('courier', a.uuid, { priceMinor: 5001 });
    expect(dear.statusCode).toBe(422);
    const fraction = await bid('courier', a.uuid, { priceMinor: 45.5 });
    expect(fraction.statusCode).toBe(422);
    // A stranger shipper does not know the auction exists.
    expect((await admin.stranger.get(`${base.stranger}/auction/${a.uuid}`)).statusCode).toBe(404);
  });

  it('refuses a bid after closing with 409, and lets a courier withdraw its bid before', async () => {
    const a = await published();
    expect((await bid('courier', a.uuid)).statusCode).toBe(200);
    const withdrawn = await admin.courier.request('DELETE', `${base.courier}/auction/${a.uuid}/bid`);
    expect(withdrawn.statusCode).toBe(200);
    expect(dataOf<Auction>(withdrawn).myBid?.status).toBe('withdrawn');
    await t.database.db
      .update(auctions)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(auctions.id, a.uuid));
    // The courier that bid (and withdrew) still knows the auction: too late (409).
    const late = await bid('courier', a.uuid);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toMatch(/closed/);
    // Closed: a courier that never bid no longer sees it.
    expect((await admin.rival.get(`${base.rival}/auction/${a.uuid}`)).statusCode).toBe(404);
    expect((await admin.courier.get(`${base.courier}/auction/${a.uuid}`)).statusCode).toBe(200);
  });
});

describe('awarding', () => {
  it('makes the winner the carrier with the accepted quote; the others lose; the carrier assigns its own driver', async () => {
    const a = await published();
    const mine = dataOf<Auction>(await bid('courier', a.uuid)).myBid!;
    await bid('rival', a.uuid, { vehicleSizeSlug: 'van-large', priceMinor: 5000 });
    // The newest event id so far: rows come back in no set order (an update moves a row on PostgreSQL).
    const [last] = await t.database.db.select({ newest: max(events.id) }).from(events);
    const awarded = await admin.shipper.post(`${base.shipper}/auction/${a.uuid}/award`, {
      bidUuid: mine.uuid,
    });
    expect(awarded.statusCode, awarded.body).toBe(200);
    expect(dataOf<Auction>(awarded)).toMatchObject({ state: 'awarded', awardedBidUuid: mine.uuid });
    expect(Date.parse(dataOf<Auction>(awarded).decidedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const detail = await admin.courier.get(`${base.courier}/delivery/${a.deliveryUuid}`);
    expect(detail.statusCode).toBe(200);
    const winner = dataOf<Auction>(await admin.courier.get(`${base.courier}/auction/${a.uuid}`));
    expect(winner.delivery?.uuid).toBe(a.deliveryUuid);
    const rival = dataOf<Auction>(await admin.rival.get(`${base.rival}/auction/${a.uuid}`));
    expect(rival.myBid?.status).toBe('lost');
    expect(rival.delivery).toBeNull();
    expect((await admin.rival.get(`${base.rival}/delivery/${a.deliveryUuid}`)).statusCode).toBe(404);
    const [d] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, a.deliveryUuid));
    expect(d?.quoteStatusSlug).toBe('accepted');
    // The winner and the loser are told.
    const after = await t.database.db
      .select({ type: events.type, payload: events.payload })
      .from(events)
      .where(gt(events.id, last?.newest ?? 0));
    const changes = after
      .filter((e) => e.type === 'auction')
      .map((e) => (e.payload as { change: string }).change);
    expect(changes.sort()).toEqual(['awarded', 'lost']);
    // An award is final.
    expect((await admin.shipper.post(`${base.shipper}/auction/${a.uuid}/withdraw`)).statusCode).toBe(409);
  });

  it('refuses the award when the shipper has since cancelled the delivery', async () => {
    const a = await published();
    const b = dataOf<Auction>(await bid('courier', a.uuid)).myBid!;
    await t.database.db
      .update(deliveries)
      .set({ liveStatusSlug: 'cancelled' })
      .where(eq(deliveries.id, a.deliveryUuid));
    const res = await admin.shipper.post(`${base.shipper}/auction/${a.uuid}/award`, { bidUuid: b.uuid });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/not under way/);
  });

  it('lets exactly one of two simultaneous awards through; the other answers 409', async () => {
    const a = await published();
    const one = dataOf<Auction>(await bid('courier', a.uuid)).myBid!;
    const two = dataOf<Auction>(await bid('rival', a.uuid, { vehicleSizeSlug: 'van-large' })).myBid!;
    const results = await Promise.all(
      [one, two].map((b) =>
        admin.shipper.post(`${base.shipper}/auction/${a.uuid}/award`, { bidUuid: b.uuid }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('is the shipper’s alone, and refused past the award deadline even before the sweep', async () => {
    const a = await published();
    const b = dataOf<Auction>(await bid('courier', a.uuid)).myBid!;
    expect(
      (await admin.courier.post(`${base.courier}/auction/${a.uuid}/award`, { bidUuid: b.uuid })).statusCode,
    ).toBe(403);
    await t.database.db
      .update(auctions)
      .set({ closesAt: new Date(Date.now() - 2 * 86_400_000), awardBy: new Date(Date.now() - 1000) })
      .where(eq(auctions.id, a.uuid));
    const late = await admin.shipper.post(`${base.shipper}/auction/${a.uuid}/award`, { bidUuid: b.uuid });
    expect(late.statusCode).toBe(409);
    // Expired at its award deadline, which the answer gives as the decision's time before any sweep.
    const unswept = dataOf<Auction>(await admin.shipper.get(`${base.shipper}/auction/${a.uuid}`));
    expect(unswept).toMatchObject({ state: 'expired', decidedAt: unswept.awardBy });
    expect(late.json<{ message: string }>().message).toMatch(/expired/);
    // The sweep records the expiry once, however often it runs.
    const first = await expireAuctions(t.database.db);
    expect(first).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(auctions).where(eq(auctions.id, a.uuid));
    expect(row?.status).toBe('expired');
    expect(await expireAuctions(t.database.db)).toBe(0);
  });

  it('tells the bidders when the shipper withdraws', async () => {
    const a = await published();
    await bid('courier', a.uuid);
    const [last] = await t.database.db.select({ id: max(events.id) }).from(events);
    const res = await admin.shipper.post(`${base.shipper}/auction/${a.uuid}/withdraw`);
    expect(res.statusCode).toBe(200);
    expect(dataOf<Auction>(res).state).toBe('withdrawn');
    expect(dataOf<Auction>(res).decidedAt).not.toBeNull();
    // The auction's own events since (the notifications' consumer records events of its own meanwhile).
    const after = await t.database.db
      .select({ payload: events.payload })
      .from(events)
      .where(and(gt(events.id, last?.id ?? 0), eq(events.type, 'auction')));
    expect(after.map((e) => (e.payload as { change?: string }).change)).toContain('withdrawn');
    expect((await bid('courier', a.uuid)).statusCode).toBe(409);
  });
});

describe('live', () => {
  it('brings a new bid to the shipper’s admins and the award to the bidders through their streams, to no one else', async () => {
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const open = (who: 'shipper' | 'courier' | 'rival' | 'stranger') =>
      SseClient.open(`${url}${base[who]}/stream`, {
        cookie: `courier_session=${admin[who].cookie('courier_session')}`,
      });
    const shipper = await open('shipper');
    const courier = await open('courier');
    const rival = await open('rival');
    const stranger = await open('stranger');
    try {
      await Promise.all([shipper, courier, rival, stranger].map((c) => c.ready()));
      const a = await published();
      const mine = dataOf<Auction>(await bid('courier', a.uuid)).myBid!;
      await bid('rival', a.uuid, { vehicleSizeSlug: 'van-large' });
      await admin.shipper.post(`${base.shipper}/auction/${a.uuid}/award`, { bidUuid: mine.uuid });
      const changes = (c: SseClient) =>
        c.events
          .filter((e) => e.type === 'auction' && e.data.auctionUuid === a.uuid)
          .map((e) => e.data.change);
      await shipper.waitFor((c) => changes(c).length >= 2, 'two bids');
      await courier.waitFor((c) => changes(c).includes('awarded'), 'the award');
      await rival.waitFor((c) => changes(c).includes('lost'), 'the loss');
      expect(changes(shipper)).toEqual(['bid', 'bid']);
      // The courier's depot (saved above) is within its matching radius of the pickup and its fleet has the size.
      expect(changes(courier)).toEqual(['published', 'awarded']);
      expect(changes(rival)).toEqual(['lost']);
      expect(changes(stranger)).toEqual([]);
    } finally {
      for (const c of [shipper, courier, rival, stranger]) c.close();
    }
  });
});

describe('notifications', () => {
  it('tells the matched courier’s admins in the app and by e-mail, and the shipper’s of each bid', async () => {
    const a = await published();
    await t.app.jobs.settle();
    const link = `/BidDetail?uuid=${a.uuid}`;
    const about = async (who: 'courier' | 'rival' | 'shipper') =>
      dataOf<NotificationSummary>(await admin[who].get('/api/v1/me/notifications/summary')).latest.filter(
        (n) => n.link === link,
      );
    expect(await about('courier')).toMatchObject([{ kind: 'auction', title: 'New delivery open for bids' }]);
    // Rapid Vans has no depot: it is not matched.
    expect(await about('rival')).toEqual([]);
    const courierEmail = dataOf<{ email: string }>(await admin.courier.get('/api/v1/me')).email;
    const mails = await t.database.db
      .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(like(mailOutbox.text, `%${link}%`));
    expect(mails).toEqual([
      { to: courierEmail, subject: 'New delivery open for bids', text: expect.stringContaining(link) },
    ]);

    await bid('courier', a.uuid);
    await t.app.jobs.settle();
    expect(await about('shipper')).toMatchObject([{ kind: 'bid', title: 'New bid on Test run' }]);
  });

  it('names the delivery, the bidder and the price of each bid and withdrawal to the shipper', async () => {
    const a = await published({}, 60, { name: 'Wedding flowers to Camden' });
    const link = `/BidDetail?uuid=${a.uuid}`;
    const told = async () => {
      await t.app.jobs.settle();
      const list = dataOf<NotificationSummary>(await admin.shipper.get('/api/v1/me/notifications/summary'));
      return list.latest.filter((n) => n.link === link).map((n) => [n.kind, n.title, n.message]);
    };
    expect((await bid('courier', a.uuid, { priceMinor: 4500 })).statusCode).toBe(200);
    expect(await told()).toEqual([
      [
        'bid',
        'New bid on Wedding flowers to Camden',
        'Swift Couriers bid £45.00 to carry Wedding flowers to Camden.',
      ],
    ]);
    // A revision is told with its own price, a withdrawal with the price withdrawn; newest first.
    expect((await bid('courier', a.uuid, { priceMinor: 4210 })).statusCode).toBe(200);
    const gone = await admin.courier.request('DELETE', `${base.courier}/auction/${a.uuid}/bid`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await told()).slice(0, 2)).toEqual([
      [
        'bid',
        'Bid withdrawn on Wedding flowers to Camden',
        'Swift Couriers withdrew its bid of £42.10 on Wedding flowers to Camden.',
      ],
      [
        'bid',
        'New bid on Wedding flowers to Camden',
        'Swift Couriers bid £42.10 to carry Wedding flowers to Camden.',
      ],
    ]);
    // The bidding courier hears nothing of its own bid, and the delivery's name stays the shipper's.
    const courierSide = dataOf<NotificationSummary>(
      await admin.courier.get('/api/v1/me/notifications/summary'),
    );
    expect(JSON.stringify(courierSide)).not.toContain('Wedding flowers');
  });
});

describe('feedback', () => {
  it('lets the shipper rate the carrier once after completion, and the rating shows on the carrier’s next bids', async () => {
    const a = await published();
    const won = dataOf<Auction>(await bid('rival', a.uuid, { vehicleSizeSlug: 'van-large' })).myBid!;
    await admin.shipper.post(`${base.shipper}/auction/${a.uuid}/award`, { bidUuid: won.uuid });
    const path = `${base.shipper}/delivery/${a.deliveryUuid}/carrier-rating`;
    expect(dataOf<DeliveryCarrierRating>(await admin.shipper.get(path))).toEqual({
      carrier: { uuid: expect.any(String), name: 'Rapid Vans' },
      rating: null,
    });
    expect((await admin.shipper.post(path, { stars: 5, comment: 'On time' })).statusCode).toBe(409);
    await t.database.db
      .update(deliveries)
      .set({ liveStatusSlug: 'completed' })
      .where(eq(deliveries.id, a.deliveryUuid));
    expect((await admin.shipper.post(path, { stars: 6 })).statusCode).toBe(422);
    expect(
      (await admin.rival.post(`${base.rival}/delivery/${a.deliveryUuid}/carrier-rating`, { stars: 5 }))
        .statusCode,
    ).toBe(403);
    const rated = await admin.shipper.post(path, { stars: 4, comment: 'On time' });
    expect(rated.statusCode, rated.body).toBe(201);
    expect(dataOf<{ carrier: { name: string }; stars: number }>(rated)).toMatchObject({
      carrier: { name: 'Rapid Vans' },
      stars: 4,
    });
    expect((await admin.shipper.post(path, { stars: 5 })).statusCode).toBe(409);
    // Both the owner and the carrier read it on the delivery's page; a delivery no one else carries has no carrier.
    const carrierView = await admin.rival.get(`${base.rival}/delivery/${a.deliveryUuid}/carrier-rating`);
    expect(dataOf<DeliveryCarrierRating>(carrierView).rating).toMatchObject({ stars: 4, comment: 'On time' });
    const own = await published();
    expect(
      dataOf<DeliveryCarrierRating>(
        await admin.shipper.get(`${base.shipper}/delivery/${own.deliveryUuid}/carrier-rating`),
      ),
    ).toEqual({ carrier: null, rating: null });

    const next = await published();
    await bid('rival', next.uuid, { vehicleSizeSlug: 'van-large' });
    const owner = dataOf<Auction>(await admin.shipper.get(`${base.shipper}/auction/${next.uuid}`));
    expect(owner.bids?.find((b) => b.bidder.name === 'Rapid Vans')?.bidder).toMatchObject({
      rating: { average: 4, count: 1 },
      completedJobs: 1,
    });
  });
});

describe('accreditation', () => {
  it('shows the shipper each bidder’s drivers with a licence and insurance in date, and what expires soon', async () => {
    const db = t.database.db;
    const day = 86_400_000;
    const drivers = [
      // In date, with insurance expiring within the warning period.
      {
        licenceNumber: 'WALKE801015AB9CD',
        licenceExpiresAt: new Date(Date.now() + 300 * day),
        insuranceNumber: 'HR-1',
        insuranceExpiresAt: new Date(Date.now() + 10 * day),
      },
      // An expired licence, no insurance on record.
      { licenceNumber: 'STRID801015AB9CD', licenceExpiresAt: new Date(Date.now() - day) },
    ];
    for (const values of drivers) {
      const user = await createUser(db, { company: { id: ids.walker }, roles: ['driver'] });
      await db.update(driverInfos).set(values).where(eq(driverInfos.userId, user.id));
    }
    const a = await published({ vehicleSizeSlug: 'foot' });
    expect((await bid('walker', a.uuid, { vehicleSizeSlug: 'foot' })).statusCode).toBe(200);
    const owner = dataOf<Auction>(await admin.shipper.get(`${base.shipper}/auction/${a.uuid}`));
    expect(owner.bids?.find((b) => b.bidder.name === 'On Foot Ltd')?.bidder.accreditation).toEqual({
      drivers: 2,
      licensed: 1,
      insured: 1,
      documents: 0,
      expiring: 2,
    });
  });
});

describe('dashboards and rates', () => {
  it('counts a courier’s bids by state, its win rate and what it won this month', async () => {
    const fresh = await createCompany(t.database.db, { type: 'courier', name: 'Fresh Wheels' });
    const path = `/api/v1/c/${fresh.slug}/admin`;
    const agent = await signedIn(fresh.id, 'company-admin');
    expect(
      (
        await agent.post(`${path}/vehicle`, {
          name: 'Van',
          registrationNumber: 'FW1',
          vehicleSizeTypeSlug: 'van-small',
        })
      ).statusCode,
    ).toBe(201);
    const empty = await agent.get(`${path}/auction/stats?tz=Europe/London`);
    expect(dataOf<BidStats>(empty)).toEqual({
      byStatus: { active: 0, won: 0, lost: 0, withdrawn: 0 },
      winRate: null,
      wonThisMonth: [],
    });
    const place = (uuid: string, priceMinor: number) =>
      agent.request('PUT', `${path}/auction/${uuid}/bid`, {
        priceMinor,
        currencyCode: 'GBP',
        vehicleSizeSlug: 'van-small',
        pickupEta: inMinutes(120),
      });
    const [won, lost, out, open, gone] = await Promise.all([1, 2, 3, 4, 5].map(() => published()));
    for (const a of [won!, lost!, out!, open!, gone!])
      expect((await place(a.uuid, 3000)).statusCode).toBe(200);
    await admin.shipper.post(`${base.shipper}/auction/${won!.uuid}/award`, {
      bidUuid: dataOf<Auction>(await admin.shipper.get(`${base.shipper}/auction/${won!.uuid}`)).bids!.find(
        (b) => b.bidder.name === 'Fresh Wheels',
      )!.uuid,
    });
    const rival = dataOf<Auction>(await bid('courier', lost!.uuid)).myBid!;
    await admin.shipper.post(`${base.shipper}/auction/${lost!.uuid}/award`, { bidUuid: rival.uuid });
    await agent.request('DELETE', `${path}/auction/${out!.uuid}/bid`);
    // A bid left on a withdrawn offer is no longer pending.
    await admin.shipper.post(`${base.shipper}/auction/${gone!.uuid}/withdraw`);

    const stats = dataOf<BidStats>(await agent.get(`${path}/auction/stats?tz=Europe/London`));
    expect(stats).toEqual({
      byStatus: { active: 1, won: 1, lost: 1, withdrawn: 1 },
      winRate: 0.5,
      wonThisMonth: [{ priceMinor: 3000, priceString: expect.stringContaining('30'), currencyCode: 'GBP' }],
    });
    expect((await agent.get(`${path}/auction/stats?tz=Mars/Olympus`)).statusCode).toBe(422);
    expect((await admin.shipper.get(`${base.shipper}/auction/stats`)).statusCode).toBe(403);
  });

  it('lists my auctions as shipper and the ones I bid on as courier', async () => {
    const a = await published();
    await bid('courier', a.uuid);
    const owner = await admin.shipper.get(`${base.shipper}/auction?side=owner&state=open`);
    expect(owner.statusCode).toBe(200);
    expect(owner.json<{ data: Auction[] }>().data.some((x) => x.uuid === a.uuid)).toBe(true);
    const bidder = await admin.courier.get(`${base.courier}/auction?side=bidder`);
    expect(bidder.json<{ data: Auction[] }>().data.find((x) => x.uuid === a.uuid)?.myBid?.status).toBe(
      'active',
    );
  });

  it('keeps the spec’s default rates until a courier saves its own, and validates them', async () => {
    const rates = dataOf<BidRates>(await admin.rival.get(`${base.rival}/bid-rates`));
    expect(rates.local).toEqual({ costPerDistance: 1, costPerHour: 2, baseFare: 3 });
    expect(rates.depot).toBeNull();
    const bad = await admin.rival.request('PUT', `${base.rival}/bid-rates`, {
      ...rates,
      localRadiusMiles: -1,
    });
    expect(bad.statusCode).toBe(422);
    expect((await admin.shipper.get(`${base.shipper}/bid-rates`)).statusCode).toBe(403);
  });
});
