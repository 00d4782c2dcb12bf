import type { Company, Place, PlacesConfig } from '@courier/contract';
import { vi } from 'vitest';

export const CAMDEN: Place = {
  label: '30 Camden High Street, London NW1 0JH',
  line1: '30 Camden High Street',
  city: 'London',
  county: 'Greater London',
  postcode: 'NW1 0JH',
  countryCode: 'GB',
  lat: 51.5362,
  lng: -0.1406,
};
export const CAMDEN_ROAD: Place = {
  label: 'Camden Road, London N7 0AA',
  line1: 'Camden Road',
  city: 'London',
  postcode: 'N7 0AA',
  countryCode: 'GB',
  lat: 51.5492,
  lng: -0.1262,
};

export const PHOTON: PlacesConfig = {
  provider: 'photon',
  autocomplete: true,
  attribution: '© OpenStreetMap',
};

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  signal: AbortSignal | undefined;
}

/** How the fake answers a search: a response, or nothing (the request hangs until it is aborted). */
export type SearchAnswer = (q: string) => Response | null;

/** The user's company as /me/company answers it, working from `countryCode`. */
export const companyIn = (countryCode: string | null): Company => ({
  uuid: '00000000-0000-4000-8000-0000000000c1',
  slug: 'acme',
  name: 'Acme',
  description: '',
  logoUrl: null,
  companyTypeSlug: 'shipper',
  countryCode,
  isActive: true,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
});

/**
 * The server as the address search meets it: places/config, places/search, the user's company (in Great Britain
 * unless `company` says otherwise) and any other call `other` answers (the CSRF cookie call answers 204). A request
 * that is aborted rejects as fetch does.
 */
export function servePlaces(options: {
  config?: PlacesConfig;
  company?: Company;
  search?: SearchAnswer;
  other?: (sent: Sent) => Response | undefined;
}) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const request: Sent = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      signal: init?.signal ?? undefined,
    };
    sent.push(request);
    if (url.pathname === '/api/v1/me/company')
      return Promise.resolve(json(200, { data: [options.company ?? companyIn('GB')] }));
    if (url.pathname === '/api/v1/me/role') return Promise.resolve(json(200, { data: [] }));
    if (url.pathname === '/api/v1/places/config')
      return Promise.resolve(json(200, { data: options.config ?? PHOTON }));
    if (url.pathname === '/api/v1/places/search') {
      const answer = (options.search ?? (() => json(200, { data: [CAMDEN, CAMDEN_ROAD] })))(
        url.searchParams.get('q') ?? '',
      );
      if (answer) return Promise.resolve(answer);
      return new Promise<Response>((_, reject) =>
        request.signal?.addEventListener('abort', () =>
          reject(new DOMException('The request was aborted.', 'AbortError')),
        ),
      );
    }
    const other = options.other?.(request);
    return Promise.resolve(other ?? new Response(null, { status: 204 }));
  });
  return {
    sent,
    searches: () => sent.filter((r) => r.path === '/api/v1/places/search'),
  };
}
