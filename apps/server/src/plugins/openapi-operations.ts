import {
  ErrorBodySchema,
  FILE_ROUTE_ACCESS,
  WEBHOOK,
  WEBHOOK_PAYLOAD_SCHEMAS,
  WEBHOOK_PAYLOAD_SUMMARIES,
  operationOf,
  STREAM_ROUTE_ACCESS,
  type CallAccess,
} from '@courier/contract';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * What the OpenAPI document adds to the routes' own schemas (decision 038): each operation's `operationId` (its
 * call's name in the contract) and the client errors it can answer, derived here, in one place, from its method,
 * its schemas and its access rule, so no route writes them by hand.
 */

const API_PREFIX = '/api/v1';
const CLIENT_ERRORS_KEY = 'x-client-errors';

/** One shared answer per client error, referred to by every operation that can give it. */
const CLIENT_ERRORS = {
  400: ['BadRequest', 'The request cannot be read (malformed JSON, an unsupported content type).'],
  401: ['Unauthenticated', 'No signed-in user: sign in first (session cookie or Bearer token).'],
  403: ['Forbidden', "The caller's role does not allow this action (a member who is only a driver, say)."],
  404: [
    'NotFound',
    'No such record, or one the caller may not see: another company is answered as if it did not exist.',
  ],
  409: [
    'Conflict',
    "The record's state does not allow this (a value already taken, a status that moved on), or a request " +
      'with the same `Idempotency-Key` is still being processed.',
  ],
  410: [
    'IdempotentAnswerLost',
    'A write with this `Idempotency-Key` was made, but its answer was lost when the server stopped; it is not ' +
      'made again (read the record to see the result).',
  ],
  413: [
    'PayloadTooLarge',
    'The request body is over the limit: 1 MB for JSON; an upload says its own limit in the message.',
  ],
  419: [
    'CsrfTokenMismatch',
    'A write from a browser session without the `X-XSRF-TOKEN` header (calls with a Bearer token are exempt).',
  ],
  422: [
    'ValidationFailed',
    'The input is not valid: `errors` names each field with its messages (also an `Idempotency-Key` reused for ' +
      'another request).',
  ],
  423: ['Locked', 'The session is locked (lock screen): unlock it first.'],
  429: ['TooManyRequests', 'Too many requests: try again after the seconds given in `Retry-After`.'],
} as const;

type ClientError = keyof typeof CLIENT_ERRORS;

interface RouteFacts {
  method: string;
  /** Fastify-style path under /api/v1 (or the full path of a route outside it). */
  path: string;
  access: CallAccess;
  whileLocked: boolean;
  hasInput: boolean;
  hasBody: boolean;
  declared: readonly ClientError[];
}

/** The client errors a route can answer. Every route counts against the global rate limit, so each may give 429. */
export function clientErrorsOf(route: RouteFacts): ClientError[] {
  const write = route.method !== 'GET';
  const signedIn = route.access !== 'public';
  const errors = new Set<ClientError>([429, ...route.declared]);
  if (write && route.hasBody) errors.add(400);
  if (signedIn) errors.add(401);
  if (signedIn && !route.whileLocked) errors.add(423);
  if (route.access !== 'public' && route.access !== 'user') errors.add(403);
  if (route.path.includes(':')) errors.add(404);
  if (write) errors.add(419);
  // A write's body, JSON or an upload, is refused over its limit before anything reads it.
  if (write) errors.add(413);
  // A signed-in write may carry an Idempotency-Key: a repeat while the first runs is 409, another request under it 422,
  // a repeat of a write made by a server that died before keeping its answer 410 (decision 057).
  if (write && signedIn) errors.add(409).add(410).add(422);
  if (route.hasInput) errors.add(422);
  return [...errors].sort((a, b) => a - b);
}

function accessOfRoute(method: string, path: string, config: Record<string, unknown>): CallAccess {
  const key = `${method} ${path}`;
  const rule =
    (config.access as CallAccess | undefined) ?? FILE_ROUTE_ACCESS[key] ?? STREAM_ROUTE_ACCESS[key];
  return rule ?? (config.public === true ? 'public' : 'user');
}

/** The per-route step: the zod schemas become JSON schemas, and the operation gets its name and its errors. */
export const operationTransform: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return out;
  const { route } = input;
  const method = String(route.method);
  const path = route.url.startsWith(`${API_PREFIX}/`) ? route.url.slice(API_PREFIX.length) : route.url;
  const named = operationOf(method, path);
  const operationId = (schema.operationId as string | undefined) ?? named?.operationId;
  // An unnamed operation would get a made-up name in every generated client: refused, the lint test says which.
  if (!operationId)
    throw new Error(`${method} ${route.url} has no operationId (contract: openapi/operation-ids.ts).`);
  const apiKeyScope = (route.config as { apiKeyScope?: string } | undefined)?.apiKeyScope;
  const facts: RouteFacts = {
    method,
    path,
    access: accessOfRoute(method, path, (route.config ?? {}) as Record<string, unknown>),
    whileLocked: route.config?.whileLocked === true,
    hasInput: Boolean(schema.params ?? schema.querystring ?? schema.body),
    hasBody: Boolean(schema.body),
    declared: named?.call?.errors ?? [],
  };
  const security: Record<string, string[]>[] | undefined =
    facts.access === 'public'
      ? []
      : apiKeyScope
        ? [{ session: [] }, { bearer: [] }, { apiKey: [apiKeyScope] }]
        : undefined;
  return {
    ...out,
    schema: {
      ...schema,
      operationId,
      // A public operation asks for no credential (the document's default asks for a session or a token); one open
      // to API keys (decision 065) also takes a key with the scope it names.
      ...(security ? { security } : {}),
      [CLIENT_ERRORS_KEY]: clientErrorsOf(facts),
    },
  };
};

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A record keyed by an enum (`z.record(z.enum(STATUSES), ...)`) comes out as `additionalProperties` with every key
 * `required` but none under `properties`; each key is written out as a property, which says the same thing.
 */
function spellOutEnumRecords(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(spellOutEnumRecords);
  if (!isObject(node)) return;
  const { required, additionalProperties, properties } = node;
  if (Array.isArray(required) && isObject(additionalProperties) && properties === undefined)
    node.properties = Object.fromEntries(required.map((key) => [String(key), additionalProperties]));
  Object.values(node).forEach(spellOutEnumRecords);
}

function refsIn(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, into));
  else if (isObject(node))
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') into.add(value);
      else refsIn(value, into);
    }
  return into;
}

/**
 * The whole-document step: named schemas (`Note`) become components, each operation's client errors become
 * references to the shared answers, and named schemas nothing refers to (a registered schema's unused input or
 * output twin) are left out.
 */
export const documentTransform: SwaggerTransformObject = (input) => {
  const doc = jsonSchemaTransformObject(input) as JsonObject;
  const paths = (doc.paths ?? {}) as Record<string, Record<string, JsonObject>>;
  for (const item of Object.values(paths))
    for (const operation of Object.values(item)) {
      const errors = operation[CLIENT_ERRORS_KEY] as ClientError[] | undefined;
      delete operation[CLIENT_ERRORS_KEY];
      const responses = (operation.responses ?? {}) as JsonObject;
      for (const status of errors ?? [])
        responses[status] = { $ref: `#/components/responses/${CLIENT_ERRORS[status][0]}` };
      operation.responses = responses;
    }
  const components = (doc.components ?? {}) as JsonObject;
  const schemas = { ...((components.schemas ?? {}) as JsonObject) };
  schemas.ErrorBody = z.toJSONSchema(ErrorBodySchema, { target: 'openapi-3.0' });
  delete (schemas.ErrorBody as JsonObject).$schema;
  components.responses = Object.fromEntries(
    Object.values(CLIENT_ERRORS).map(([name, description]) => [
      name,
      {
        description,
        ...(name === 'TooManyRequests'
          ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } }
          : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      },
    ]),
  );
  // Kept: what the paths and the kept components refer to, followed until nothing new turns up.
  const used = refsIn([doc.paths, components.responses], new Set());
  for (let size = -1; size !== used.size;) {
    size = used.size;
    for (const name of Object.keys(schemas))
      if (used.has(`#/components/schemas/${name}`)) refsIn(schemas[name], used);
  }
  components.schemas = Object.fromEntries(
    Object.entries(schemas).filter(([name]) => used.has(`#/components/schemas/${name}`)),
  );
  doc.components = components;
  spellOutEnumRecords(doc.paths);
  spellOutEnumRecords(components.schemas);
  doc.webhooks = webhookOperations();
  return doc;
};

const SIGNATURE_HELP =
  'Signed as the Standard Webhooks specification says: `webhook-signature` holds `v1,` and the base64 of the ' +
  "HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint's secret (the base64 after " +
  '`whsec_`), several separated by spaces during a rotation (any one matching is enough). Refuse a timestamp more ' +
  'than five minutes away. Answer 2xx within ' +
  `${WEBHOOK.timeoutMs / 1000} seconds; anything else is tried again after ` +
  `${WEBHOOK.retryDelaysSeconds.map((s) => (s < 60 ? `${s} s` : s < 3_600 ? `${s / 60} min` : `${s / 3_600} h`)).join(', ')}, ` +
  'then the endpoint is turned off. Messages about one delivery come in order; a message may come more than once: ' +
  'deduplicate on `webhook-id`.';

/** The document's `webhooks` (OpenAPI 3.1): each message the server sends, its headers and its body. */
function webhookOperations(): JsonObject {
  const header = (name: string, description: string) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
  });
  return Object.fromEntries(
    Object.entries(WEBHOOK_PAYLOAD_SCHEMAS).map(([type, schema]) => {
      const body = z.toJSONSchema(schema, {
        target: 'draft-2020-12',
        io: 'output',
        unrepresentable: 'any',
      }) as JsonObject;
      delete body.$schema;
      return [
        type,
        {
          post: {
            operationId: `webhook${type
              .split(/[._]/)
              .map((w) => `${w[0]!.toUpperCase()}${w.slice(1)}`)
              .join('')}`,
            summary: WEBHOOK_PAYLOAD_SUMMARIES[type as keyof typeof WEBHOOK_PAYLOAD_SUMMARIES],
            description: SIGNATURE_HELP,
            tags: ['webhooks'],
            security: [],
            parameters: [
              header('webhook-id', "The message id (the body's `id`): deduplicate on it."),
              header('webhook-timestamp', 'Seconds since 1970 when this try was signed.'),
              header('webhook-signature', 'Space-separated `v1,<base64 signature>` values.'),
            ],
            requestBody: { required: true, content: { 'application/json': { schema: body } } },
            responses: {
              '200': { description: 'Received (any 2xx answer counts).' },
              '400': {
                description: 'Not taken (a signature that does not verify, say): the message is tried again.',
              },
            },
          },
        },
      ];
    }),
  );
}
