import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn(), hide: vi.fn() } }));

const { listNotes, NoteFetchError } = await import('./list-notes');
const { ApiError } = await import('../../../lib/errors');

const ref = { type: 'vehicles', uuid: '00000000-0000-4000-8000-000000000001' } as const;

describe('a failed note fetch (spec section 8)', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        new Response(JSON.stringify({ message: 'Resource not found.' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is named "API Error" with the status code as its code', async () => {
    const error: unknown = await listNotes('demo-shipper', ref, 1, null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoteFetchError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'API Error',
      code: 404,
      statusCode: 404,
      message: 'Resource not found.',
    });
  });

  it('without a company slug stays the Config Error', async () => {
    await expect(listNotes(null, ref, 1, null)).rejects.toMatchObject({
      name: 'Config Error',
      message: 'Company slug not found',
    });
  });
});
