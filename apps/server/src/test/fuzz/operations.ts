import { STREAM_ROUTE_ACCESS } from '@courier/contract';
import type { JsonSchema } from './schema-arbitrary.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation of the OpenAPI document the fuzz suite sends requests to. */
export interface Operation {
  method: Method;
  /** The document's path, `/api/v1/c/{companySlug}/admin/vehicle`. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: { name: string; required: boolean; schema: JsonSchema }[];
  /** The JSON body's schema; undefined for a write without one (multipart uploads, actions named by the path). */
  body: JsonSchema | undefined;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

const API_PREFIX = '/api/v1';
const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every write and every read with a query string in the document, read from it so a new call is fuzzed without
 * editing the suite. The live streams (one answer that never ends) are left out: they are the contract's
 * `STREAM_ROUTE_ACCESS`, and their only input, `lastEventId`, is read as an opaque cursor.
 */
export function fuzzedOperations(doc: OpenApiDocument): Operation[] {
  const streams = new Set(
    Object.keys(STREAM_ROUTE_ACCESS).map((key) => {
      const [method, path] = key.split(' ');
      return `${method} ${API_PREFIX}${path!.replace(/:(\w+)/g, '{$1}')}`;
    }),
  );
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [m, op] of Object.entries(item)) {
      const method = m.toUpperCase();
      if (!METHODS.has(method) || streams.has(`${method} ${path}`)) continue;
      const params = op.parameters ?? [];
      const query = params
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema ?? {} }));
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (method === 'GET' && query.length === 0) continue;
      out.push({
        method: method as Method,
        path,
        pathParams: params
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        query,
        body,
      });
    }
  }
  return out;
}
