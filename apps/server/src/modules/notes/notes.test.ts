import { NOTE_TEXTS } from '@courier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverInfos } from '../../db/schema/index.js';
import { Agent } from '../../test/agent.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestDelivery, type TestDelivery } from '../../test/delivery-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
let delivery: TestDelivery;
let vanId: string;

type Note = {
  uuid: string;
  message: string;
  noteTypeSlug: string;
  noteCategorySlug: string;
  parent_note_uuid: string | null;
  createdByUserUuid: string;
  createdByName: string;
  replies?: Note[];
};
type Page = {
  data: Note[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
};

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
  await t.database.db.update(driverInfos).set({ statusSlug: 'available' });
  delivery = await createTestDelivery(c.adminA, c.base);
  vanId = (await c.adminA.post(`${c.base}/vehicle`, { name: 'Van', registrationNumber: 'NV1' })).json<{
    data: { uuid: string };
  }>().data.uuid;
});
afterAll(() => t.close());

const notesOf = (type: string, id: string, q = '') => `${c.base}/notes/${type}/${id}${q}`;
const write = (body: Record<string, unknown>, agent = c.adminA) => agent.post(`${c.base}/notes`, body);

describe('notes', () => {
  it('pages a record’s notes newest first with Laravel meta, filtered by note type', async () => {
    for (let i = 1; i <= 12; i++) {
      const res = await write({
        noteableType: 'deliveries',
        noteableUuid: delivery.uuid,
        message: `Note ${i}`,
        noteTypeSlug: i % 4 === 0 ? 'incident' : 'general',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        message: 'Note successfully created.',
        data: { noteCategorySlug: 'note' },
      });
    }
    const first = (await c.adminA.get(notesOf('deliveries', delivery.uuid, '?per_page=5'))).json<Page>();
    expect(first.meta).toEqual({ current_page: 1, last_page: 3, per_page: 5, total: 12 });
    expect(first.data.map((n) => n.message)).toEqual(['Note 12', 'Note 11', 'Note 10', 'Note 9', 'Note 8']);
    expect(first.data[0]).toMatchObject({
      createdByUserUuid: c.adminAUser.id,
      createdByName: expect.any(String),
    });
    const third = (
      await c.adminA.get(notesOf('deliveries', delivery.uuid, '?per_page=5&page=3'))
    ).json<Page>();
    expect(third.data.map((n) => n.message)).toEqual(['Note 2', 'Note 1']);
    const detail = (await c.adminA.get(`${c.base}/delivery/${delivery.uuid}`)).json<{
      data: { notes: { message: string; noteObject: Note }[] };
    }>().data;
    expect(detail.notes.map((n) => n.message)).toEqual(['Note 12', 'Note 11', 'Note 10', 'Note 9', 'Note 8']);
    const incidents = (
      await c.adminA.get(notesOf('deliveries', delivery.uuid, '?note_type=incident'))
    ).json<Page>();
    expect(incidents.meta.total).toBe(3);
    expect(incidents.data.every((n) => n.noteTypeSlug === 'incident')).toBe(true);
  });

  it('flattens a reply tree under its top-level note, oldest reply first', async () => {
    const top = (
      await write({ noteableType: 'vehicles', noteableUuid: vanId, message: 'Tyre pressure low' })
    ).json<{ data: Note }>().data;
    const reply = (
      await write({
        noteableType: 'vehicles',
        noteableUuid: vanId,
        message: 'Pumped',
        parent_note_uuid: top.uuid,
      })
    ).json<{ data: Note }>().data;
    expect(reply).toMatchObject({ noteCategorySlug: 'reply', parent_note_uuid: top.uuid });
    await write({
      noteableType: 'vehicles',
      noteableUuid: vanId,
      message: 'Thanks',
      parent_note_uuid: reply.uuid,
    });
    const page = (await c.adminA.get(notesOf('vehicles', vanId))).json<Page>();
    expect(page.meta.total).toBe(1);
    expect(page.data[0]?.replies?.map((r) => r.message)).toEqual(['Pumped', 'Thanks']);
    expect(page.data[0]?.replies?.[1]?.parent_note_uuid).toBe(reply.uuid);
    const one = (await c.adminA.get(`${c.base}/notes/${top.uuid}`)).json<{ data: Note }>().data;
    expect(one.replies).toHaveLength(2);
    // A reply must be about the same record.
    const wrong = await write({
      noteableType: 'deliveries',
      noteableUuid: delivery.uuid,
      message: 'x',
      parent_note_uuid: top.uuid,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errors: { parent_note_uuid: [expect.any(String)] } });
    // Deleting the top note deletes its replies.
    const del = await c.adminA.request('DELETE', `${c.base}/notes/${top.uuid}`);
    expect(del.json()).toMatchObject({ message: 'Note successfully deleted.', data: { deleted: 3 } });
    expect((await c.adminA.get(notesOf('vehicles', vanId))).json<Page>().meta.total).toBe(0);
    expect((await c.adminA.get(`${c.base}/notes/${reply.uuid}`)).statusCode).toBe(404);
  });

  it('answers 422 for an empty message, an unknown note type or noteable type', async () => {
    const empty = await write({ noteableType: 'deliveries', noteableUuid: delivery.uuid, message: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ errors: { message: ['Write a note.'] } });
    const badType = await write({
      noteableType: 'deliveries',
      noteableUuid: delivery.uuid,
      message: 'x',
      noteTypeSlug: 'gossip',
    });
    expect(badType.json()).toMatchObject({ errors: { noteTypeSlug: [expect.any(String)] } });
    expect((await c.adminA.get(`${c.base}/notes/spaceships/${delivery.uuid}`)).statusCode).toBe(422);
  });

  it('lets drivers note only the deliveries assigned to them, through their own calls', async () => {
    const driverNotes = `/api/v1/driver/delivery/${delivery.uuid}/notes`;
    // Not assigned yet: the driver cannot see the delivery's notes; admin note calls are not theirs at all.
    expect((await c.driverA.get(driverNotes)).statusCode).toBe(404);
    expect((await c.driverA.post(driverNotes, { message: 'Sneaky' })).statusCode).toBe(404);
    expect((await c.driverA.get(notesOf('deliveries', delivery.uuid))).statusCode).toBe(403);
    await c.adminA.post(`${c.base}/delivery/${delivery.uuid}/vehicle/driver`, {
      vehicleUuid: vanId,
      driverUserUuids: [c.driverAUser.id],
    });
    const created = await c.driverA.post(driverNotes, { message: 'Gate code 1234' });
    expect(created.statusCode).toBe(201);
    const mine = created.json<{ data: Note }>().data;
    expect(mine.createdByUserUuid).toBe(c.driverAUser.id);
    const seen = (await c.driverA.get(driverNotes)).json<Page>().data;
    expect(seen.some((n) => n.createdByUserUuid === c.adminAUser.id)).toBe(true);
    // The office sees the driver's note; only its author or an admin changes it.
    const adminView = (await c.adminA.get(notesOf('deliveries', delivery.uuid))).json<Page>().data;
    expect(adminView.map((n) => n.uuid)).toContain(mine.uuid);
    const byAdmin = await c.adminA.request('PUT', `${c.base}/notes/${mine.uuid}`, {
      message: 'Gate code 4321 (checked)',
      noteTypeSlug: 'driver-instruction',
    });
    expect(byAdmin.json()).toMatchObject({ data: { noteTypeSlug: 'driver-instruction' } });
    // Other records stay closed to drivers.
    expect((await c.driverA.get(notesOf('vehicles', vanId))).statusCode).toBe(403);
  });

  it('lets any admin of the company edit a note, not only its author', async () => {
    const other = await createUser(t.database.db, { company: c.companyA, roles: ['company-admin'] });
    const otherAdmin = new Agent(t.app);
    await otherAdmin.login(other.email, TEST_PASSWORD);
    const note = (
      await write({ noteableType: 'deliveries', noteableUuid: delivery.uuid, message: 'By admin A' })
    ).json<{ data: Note }>().data;
    const edited = await otherAdmin.request('PUT', `${c.base}/notes/${note.uuid}`, { message: 'Edited' });
    expect(edited.json()).toMatchObject({
      message: NOTE_TEXTS.updated.message,
      data: { message: 'Edited' },
    });
  });

  it('keeps notes to their company: 404 for another company’s record and note', async () => {
    const note = (
      await write({ noteableType: 'deliveries', noteableUuid: delivery.uuid, message: 'Private' })
    ).json<{ data: Note }>().data;
    expect((await c.adminB.get(`${c.baseB}/notes/deliveries/${delivery.uuid}`)).statusCode).toBe(404);
    expect((await c.adminB.get(`${c.baseB}/notes/${note.uuid}`)).statusCode).toBe(404);
    expect(
      (
        await c.adminB.post(`${c.baseB}/notes`, {
          noteableType: 'vehicles',
          noteableUuid: vanId,
          message: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect((await c.adminB.request('DELETE', `${c.baseB}/notes/${note.uuid}`)).statusCode).toBe(404);
    expect((await c.adminB.get(`${c.base}/notes/deliveries/${delivery.uuid}`)).statusCode).toBe(404);
  });
});
