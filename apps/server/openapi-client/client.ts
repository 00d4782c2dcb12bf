import createClient, { type Client } from 'openapi-fetch';
// Generated from the OpenAPI document by the test (openapi.typed-client.test.ts), never committed (decision 038).
import type { paths } from './openapi.js';

/**
 * What a developer outside the project writes against the API: types generated from the OpenAPI document with
 * openapi-typescript, calls made with openapi-fetch, nothing imported from this repository. The test that generates
 * the types type-checks this file against them, strictly, then runs it against a started server.
 */
export type CourierClient = Client<paths>;

type CreateDeliveryBody =
  paths['/api/v1/c/{companySlug}/admin/delivery/create-delivery']['post']['requestBody']['content']['application/json'];

/** Signs in for a Bearer token: the CSRF cookie first (login is a write), then every call carries the token. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<CourierClient> {
  const client = createClient<paths>({ baseUrl });
  const { response } = await client.GET('/sanctum/csrf-cookie');
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  const { data, error } = await client.POST('/api/v1/login', {
    body: { email, password, issueToken: true, deviceName: 'typed client' },
    headers: { cookie: cookies.join('; '), 'x-xsrf-token': decodeURIComponent(xsrf) },
  });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  const token = data.data.token;
  if (!token) throw new Error('sign-in issued no token');
  client.use({
    onRequest: ({ request }) => {
      request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  });
  return client;
}

export async function myName(client: CourierClient): Promise<string> {
  const { data, error } = await client.GET('/api/v1/me');
  if (error) throw new Error(error.message);
  return `${data.data.firstname} ${data.data.lastname}`;
}

export async function listDeliveries(client: CourierClient, companySlug: string) {
  const { data, error } = await client.GET('/api/v1/c/{companySlug}/admin/delivery', {
    params: { path: { companySlug }, query: { per_page: 10 } },
  });
  if (error) throw new Error(error.message);
  return { names: data.data.map((d) => d.name), total: data.meta?.total };
}

export async function createDelivery(
  client: CourierClient,
  companySlug: string,
  name: string,
): Promise<string> {
  const stop = (line1: string, postcode: string, lat: number, lng: number) => ({
    line1,
    city: 'London',
    postcode,
    countryCode: 'GB',
    lat,
    lng,
  });
  const body: CreateDeliveryBody = {
    name,
    steps: [
      { kind: 'pickup', address: stop('1 Upper St', 'N1 0PQ', 51.5362, -0.1033) },
      { kind: 'dropoff', address: stop('10 Mare St', 'E8 1HE', 51.5456, -0.0553) },
    ],
  };
  const { data, error } = await client.POST('/api/v1/c/{companySlug}/admin/delivery/create-delivery', {
    params: { path: { companySlug } },
    body,
  });
  if (error) throw new Error(error.message);
  return data.data.uuid;
}

export async function readDelivery(client: CourierClient, companySlug: string, deliveryUuid: string) {
  const { data, error, response } = await client.GET(
    '/api/v1/c/{companySlug}/admin/delivery/{deliveryUuid}',
    {
      params: { path: { companySlug, deliveryUuid } },
    },
  );
  if (error) return { status: response.status, message: error.message };
  return { status: response.status, name: data.data.name, steps: data.data.deliverySteps.length };
}

/** Never run: each call must fail to compile, which proves the generated types are strict and not `any`. */
export function wrongCalls(client: CourierClient): void {
  // @ts-expect-error: the document has no such path.
  void client.GET('/api/v1/no-such-path');
  const path = { deliveryUuid: 'x' };
  // @ts-expect-error: a delivery is read within a company: the path needs companySlug.
  void client.GET('/api/v1/c/{companySlug}/admin/delivery/{deliveryUuid}', { params: { path } });
  // @ts-expect-error: a delivery needs its steps.
  const body: CreateDeliveryBody = { name: 'No steps' };
  void body;
}
