import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '../../db/schema/index.js';
import { twoCompanies } from '../../test/company-fixture.js';
import { createTestDelivery } from '../../test/delivery-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { benchFileText, benchStatements } from './bench-statements.js';

let t: TestApp;
let c: Awaited<ReturnType<typeof twoCompanies>>;
type Page = {
  data: { uuid: string; name: string }[];
  meta: { total: number; current_page: number; next_cursor?: string };
};

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t);
  for (let i = 0; i < 7; i++) await createTestDelivery(c.adminA, c.base, { name: `Run ${i % 3}` });
  // Ties: four deliveries created at the very same instant, so only the id orders them.
  const ids = (await t.database.db.select({ id: deliveries.id }).from(deliveries))
    .map((r) => r.id)
    .slice(0, 4);
  for (const id of ids)
    await t.database.db
      .update(deliveries)
      .set({ createdAt: sql`'2026-01-01T00:00:00.123456Z'` })
      .where(eq(deliveries.id, id));
});
afterAll(() => t.close());

const get = async (query: string) => (await c.adminA.get(`${c.base}/delivery?${query}`)).json<Page>();

/** Every row of a list walked by cursor, two a page. */
async function walk(query: string) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 1; page < 20; page++) {
    const answer = await get(`${query}&per_page=2&page=${page}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(answer.meta.current_page).toBe(page);
    seen.push(...answer.data.map((d) => d.uuid));
    cursor = answer.meta.next_cursor;
    if (!cursor) break;
  }
  return seen;
}

describe('the delivery list by cursor (decision 043)', () => {
  it('walks the same rows as one big page, in a stable order with ties, for every sort and order', async () => {
    for (const q of [
      'sort=createdAt&order=desc',
      'sort=createdAt&order=asc',
      'sort=name&order=asc',
      'sort=status&order=desc',
    ]) {
      const all = (await get(`${q}&per_page=100`)).data.map((d) => d.uuid);
      expect(all).toHaveLength(7);
      expect(await walk(q)).toEqual(all);
    }
  });

  it('keeps the filters on every page', async () => {
    const all = (await get('search=Run 1&per_page=100')).data.map((d) => d.uuid);
    expect(all.length).toBeGreaterThan(1);
    expect(await walk('search=Run 1')).toEqual(all);
  });

  it('neither repeats nor skips a row when a delivery is created or deleted between pages', async () => {
    const first = await get('per_page=3');
    const rest = (await get('per_page=100')).data.map((d) => d.uuid).slice(3);
    await createTestDelivery(c.adminA, c.base, { name: 'Arrived meanwhile' });
    await t.database.db.delete(deliveries).where(eq(deliveries.id, first.data[0]!.uuid));
    const next = await get(`per_page=3&page=2&cursor=${first.meta.next_cursor}`);
    expect(next.data.map((d) => d.uuid)).toEqual(rest.slice(0, 3));
  });

  it('answers 422 with a clear message for a cursor it did not make, or one of another sort', async () => {
    for (const cursor of ['nonsense!', 'eyJhIjoxfQ', 'W10']) {
      const res = await c.adminA.get(`${c.base}/delivery?cursor=${cursor}`);
      expect(res.statusCode).toBe(422);
      expect(res.body).toContain('This cursor is not one of this list');
    }
    const cursor = (await get('per_page=2')).meta.next_cursor;
    const res = await c.adminA.get(`${c.base}/delivery?cursor=${cursor}&sort=name`);
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('sort=createdAt&order=desc');
  });

  it('gives no next cursor on a page that is not full', async () => {
    expect((await get('per_page=100')).meta.next_cursor).toBeUndefined();
  });
});

describe("the bench's SQL files", () => {
  it('are the statements the server runs (npm run build -w apps/server && node apps/server/dist/cli/write-bench-sql.js bench/sql)', () => {
    for (const [name, statements] of Object.entries(benchStatements(t.database.db))) {
      const shipped = readFileSync(
        fileURLToPath(new URL(`../../../../../bench/sql/${name}`, import.meta.url)),
        'utf8',
      );
      expect(shipped, name).toBe(benchFileText(name, statements));
    }
  });
});
