import { sessionCalls } from '@courier/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const show = vi.hoisted(() => vi.fn((_: unknown) => 'id'));
vi.mock('@mantine/notifications', () => ({ notifications: { show, hide: vi.fn() } }));

const { callApi, onUnauthorized } = await import('./api-client');
const { ApiError } = await import('./errors');
const { clearMismatches, devValidationStore } = await import('./dev-validation-store');

const user = {
  uuid: '0b8e4f5c-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  firstname: 'Alice',
  lastname: 'Ashworth',
  email: 'admin@shipper.test',
  emailVerifiedAt: null,
  imgUrl: null,
  imgThumbUrl: null,
  defaultCompanySlug: 'demo-shipper',
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function requestAt(index: number): { url: string; init: RequestInit } {
  const [url, init] = fetchMock.mock.calls[index] ?? [];
  return { url: typeof url === 'string' ? url : '', init: init ?? {} };
}

describe('API client', () => {
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    show.mockClear();
    clearMismatches();
    document.cookie = 'XSRF-TOKEN=abc%3D%3D; path=/';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    onUnauthorized(null);
  });

  it('GET: base /api/v1, credentials, XMLHttpRequest marker, no CSRF round trip, data unwrapped', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: user }));
    await expect(callApi(sessionCalls.me)).resolves.toEqual(user);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const { url, init } = requestAt(0);
    expect(url).toBe('/api/v1/me');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', body: null });
    expect(init.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' });
  });

  it('writes fetch the CSRF cookie first and send its decoded value', async () => {
    fetchMock
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValueOnce(json(200, { data: user }));
    await callApi(sessionCalls.updateName, { body: { firstname: 'Alice', lastname: 'Ashworth' } });
    expect(requestAt(0).url).toBe('/sanctum/csrf-cookie');
    const { url, init } = requestAt(1);
    expect(url).toBe('/api/v1/me/name');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'X-XSRF-TOKEN': 'abc==', 'Content-Type': 'application/json' });
    expect(JSON.parse(typeof init.body === 'string' ? init.body : '')).toEqual({
      firstname: 'Alice',
      lastname: 'Ashworth',
    });
  });

  it('a write with an idempotency key sends it as Idempotency-Key, beside the CSRF token', async () => {
    fetchMock
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValueOnce(json(200, { data: user }));
    await callApi(sessionCalls.updateName, {
      body: { firstname: 'Alice', lastname: 'Ashworth' },
      idempotencyKey: 'key-1',
    });
    expect(requestAt(1).init.headers).toMatchObject({ 'Idempotency-Key': 'key-1', 'X-XSRF-TOKEN': 'abc==' });
  });

  it('fills path params and query strings', async () => {
    const { adminUserCalls } = await import('@courier/contract');
    fetchMock.mockResolvedValueOnce(json(200, { data: [] }));
    await callApi(adminUserCalls.listAdminUuids, {
      params: { companySlug: 'demo-shipper' },
      query: { page: 2, skip: undefined },
    });
    expect(requestAt(0).url).toBe('/api/v1/c/demo-shipper/admin/user/admin/uuid?page=2');
  });

  it('a failed call rejects with the normalised error and shows "Error <status>" in red', async () => {
    const body = {
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    };
    fetchMock
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValueOnce(json(422, body, 'Unprocessable Entity'));
    const error = await callApi(sessionCalls.login, { body: { email: 'a@b.test', password: 'x' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'server', statusCode: 422, message: body.message, data: body });
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', title: 'Error 422', message: body.message }),
    );
  });

  it('a network failure is "Error Network"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(callApi(sessionCalls.meRoles)).rejects.toMatchObject({
      kind: 'network',
      statusCode: null,
      message: 'Failed to fetch',
    });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Error Network' }));
  });

  it('a 401 hands the call path to the session-expiry handler, silent or not; only `sessionCheck: false` keeps it', async () => {
    const handler = vi.fn();
    onUnauthorized(handler);
    fetchMock.mockImplementation(() =>
      Promise.resolve(json(401, { message: 'Unauthenticated.' }, 'Unauthorized')),
    );
    await expect(callApi(sessionCalls.meAddresses)).rejects.toMatchObject({ statusCode: 401 });
    expect(handler).toHaveBeenCalledWith('/me/address');
    expect(show).toHaveBeenCalledTimes(1);

    // A screen that shows its own errors (silent) still goes to /login when the session has expired (issue 33).
    handler.mockClear();
    show.mockClear();
    await expect(callApi(sessionCalls.meAddresses, { silent: true })).rejects.toMatchObject({
      statusCode: 401,
    });
    expect(handler).toHaveBeenCalledWith('/me/address');
    expect(show).not.toHaveBeenCalled();

    handler.mockClear();
    await expect(callApi(sessionCalls.me, { silent: true, sessionCheck: false })).rejects.toMatchObject({
      statusCode: 401,
    });
    expect(handler).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
  });

  it('in development an answer outside its schema is recorded, not thrown', async () => {
    const wrong = { ...user, createdAt: 'yesterday' };
    fetchMock.mockResolvedValueOnce(json(200, { data: wrong }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(callApi(sessionCalls.me)).resolves.toEqual(wrong);
    const entry = devValidationStore.get()['/api/v1/me'];
    expect(entry).toMatchObject({ count: 1, path: 'createdAt', message: 'Invalid datetime string' });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
