import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like client over `app.inject()`: it keeps cookies between calls and, like the web app, fetches the
 * CSRF cookie and echoes it in `X-XSRF-TOKEN` on writes (unless told not to).
 */
export class Agent {
  private cookies = new Map<string, string>();
  bearer?: string;

  constructor(private readonly app: FastifyInstance) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async request(
    method: Method,
    url: string,
    body?: unknown,
    opts: { csrf?: boolean; headers?: Record<string, string>; remoteAddress?: string } = {},
  ) {
    const write = method !== 'GET';
    if (write && opts.csrf !== false && !this.cookies.has('XSRF-TOKEN')) {
      this.remember(await this.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' }));
    }
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...opts.headers };
    if (write && opts.csrf !== false) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const res = await this.app.inject({
      method,
      url,
      headers,
      cookies: Object.fromEntries(this.cookies),
      ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    });
    this.remember(res);
    return res;
  }

  get(url: string, opts?: { headers?: Record<string, string> }) {
    return this.request('GET', url, undefined, opts);
  }
  post(url: string, body?: unknown, opts?: { csrf?: boolean; headers?: Record<string, string> }) {
    return this.request('POST', url, body ?? {}, opts);
  }
  put(url: string, body?: unknown, opts?: { csrf?: boolean; headers?: Record<string, string> }) {
    return this.request('PUT', url, body ?? {}, opts);
  }

  async login(email: string, password: string) {
    const res = await this.post('/api/v1/login', { email, password });
    if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.statusCode} ${res.body}`);
    return res;
  }
}
