import { companyCalls, directoryCalls } from '@courier/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const show = vi.hoisted(() => vi.fn((_: unknown) => 'id'));
vi.mock('@mantine/notifications', () => ({ notifications: { show, hide: vi.fn() } }));

const { callApiPage } = await import('./api-client');
const { uploadFile } = await import('./upload');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A stand-in XMLHttpRequest that records what was sent and answers as told. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static answer: { status: number; body: unknown } = { status: 200, body: {} };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    this.body = body;
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    this.status = FakeXhr.answer.status;
    this.responseText = JSON.stringify(FakeXhr.answer.body);
    queueMicrotask(() => this.onload?.());
  }
}

describe('paginated calls and uploads', () => {
  beforeEach(() => {
    show.mockClear();
    document.cookie = 'XSRF-TOKEN=tok%3D; path=/';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('callApiPage returns the data with the meta beside it', async () => {
    const meta = { current_page: 2, last_page: 3, per_page: 25, total: 60 };
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValueOnce(json(200, { data: [], meta }));
    vi.stubGlobal('fetch', fetchMock);
    const page = await callApiPage(directoryCalls.listAddresses, {
      params: { companySlug: 'demo-shipper' },
      query: { search: 'mill', page: 2, per_page: 25 },
    });
    expect(page).toEqual({ data: [], meta });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/v1/c/demo-shipper/admin/address?search=mill&page=2&per_page=25',
    );
  });

  it('an answer without meta reads as one page holding everything', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(json(200, { data: [] })));
    const page = await callApiPage(directoryCalls.listClients, { params: { companySlug: 'demo-shipper' } });
    expect(page.meta).toEqual({ current_page: 1, last_page: 1, per_page: 1, total: 0 });
  });

  it('uploadFile fetches the CSRF cookie, sends its token with credentials, reports progress, unwraps data', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { status: 200, body: { data: { slug: 'demo-shipper' } } };
    const progress = vi.fn();
    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    const result = await uploadFile(companyCalls.uploadLogo, {
      params: { companySlug: 'demo-shipper' },
      fields: [['file', file]],
      onProgress: progress,
    });
    expect(result).toEqual({ slug: 'demo-shipper' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/sanctum/csrf-cookie');
    const xhr = FakeXhr.last;
    expect(xhr).toMatchObject({
      method: 'POST',
      url: '/api/v1/c/demo-shipper/admin/company/logo',
      withCredentials: true,
    });
    expect(xhr?.headers).toMatchObject({ 'X-XSRF-TOKEN': 'tok=', 'X-Requested-With': 'XMLHttpRequest' });
    expect(xhr?.body?.get('file')).toBeInstanceOf(File);
    expect(progress.mock.calls.map(([f]) => f as number)).toEqual([0.5, 1]);
  });

  it('uploadFile sends an idempotency key as the Idempotency-Key header', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 })));
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { status: 200, body: { data: {} } };
    await uploadFile(companyCalls.uploadLogo, {
      params: { companySlug: 'demo-shipper' },
      fields: [['file', new File(['png'], 'logo.png', { type: 'image/png' })]],
      idempotencyKey: 'key-2',
    });
    expect(FakeXhr.last?.headers).toMatchObject({ 'Idempotency-Key': 'key-2', 'X-XSRF-TOKEN': 'tok=' });
  });

  it('a refused upload rejects with the server message and shows the red notification', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 })));
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = {
      status: 422,
      body: { message: 'The file is not an image.', errors: { file: ['Not an image'] } },
    };
    const file = new File(['x'], 'x.txt', { type: 'text/plain' });
    await expect(
      uploadFile(companyCalls.uploadLogo, {
        params: { companySlug: 'demo-shipper' },
        fields: [['file', file]],
      }),
    ).rejects.toMatchObject({ statusCode: 422, message: 'The file is not an image.' });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Error 422', color: 'red' }));
  });
});
