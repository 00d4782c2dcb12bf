import fc from 'fast-check';
import type { ActorName } from './fuzz-world.js';
import {
  encodeAny,
  hostileString,
  hostileValue,
  rawQueryPiece,
  rawText,
  toJsonText,
} from './hostile-values.js';
import type { Operation } from './operations.js';
import { arbitraryFor, type GeneratorOptions } from './schema-arbitrary.js';

/** One request of the fuzz suite, ready to send. */
export interface FuzzRequest {
  actor: ActorName;
  /** A client address of its own, so per-address rate limits (sign-in, sign-up, contact) do not stop the run. */
  remoteAddress: string;
  url: string;
  /** The JSON text of the body; undefined sends none. */
  body: string | undefined;
}

type Known = Pick<GeneratorOptions, 'ids' | 'named' | 'now'>;

/** The signed-in actor an operation is meant for: drivers on `/driver/`, platform admins on `/platform/`. */
export function actorOf(op: Operation): ActorName {
  if (op.path.startsWith('/api/v1/driver/')) return 'driver';
  if (op.path.startsWith('/api/v1/platform/')) return 'platformAdmin';
  return 'admin';
}

/**
 * Requests for one operation, in four kinds: values of the contract's shape only (they reach the handlers), the
 * same with hostile values sprinkled in (any field, unknown and prototype keys), the same shape with a control
 * character or lone surrogate in its free text, and hostile through and through.
 * One in ten is sent signed out.
 */
export function fuzzRequests(op: Operation, known: Known): fc.Arbitrary<FuzzRequest> {
  const kinds = [
    { weight: 3, arbitrary: requestsOf(op, { ...known, hostileWeight: 0 }, false) },
    { weight: 3, arbitrary: requestsOf(op, { ...known, hostileWeight: 15 }, false) },
    { weight: 2, arbitrary: requestsOf(op, { ...known, hostileWeight: 0, dirtyText: true }, false) },
    { weight: 2, arbitrary: requestsOf(op, { ...known, hostileWeight: 100 }, true) },
  ];
  return fc.oneof(...kinds);
}

function requestsOf(op: Operation, opts: GeneratorOptions, hostile: boolean): fc.Arbitrary<FuzzRequest> {
  const actor = fc.oneof(
    { weight: 9, arbitrary: fc.constant(actorOf(op)) },
    { weight: 1, arbitrary: fc.constant<ActorName>('anonymous') },
  );
  const remoteAddress = fc
    .tuple(fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 }))
    .map((n) => `10.${n.join('.')}`);
  const path = fc.tuple(...op.pathParams.map((p) => pathValue(p, opts))).map((values) => {
    let url = op.path;
    op.pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, values[i]!)));
    return url;
  });
  const query = fc.tuple(
    ...op.query.map((q) => {
      const value = hostile ? hostileValue : arbitraryFor(q.schema, opts, q.name);
      return (q.required && !hostile ? value : fc.option(value, { nil: undefined })).map((v) =>
        queryPieces(q.name, v),
      );
    }),
    hostile ? fc.array(rawQueryPiece, { maxLength: 3 }) : fc.constant([]),
  );
  const body =
    op.method === 'GET'
      ? fc.constant(undefined)
      : op.body && !hostile
        ? arbitraryFor(op.body, opts).map(toJsonText)
        : fc.option(hostileValue.map(toJsonText), { nil: undefined });
  return fc.record({ actor, remoteAddress, path, query, body }).map((r) => {
    const pieces = r.query.flat();
    return {
      actor: r.actor,
      remoteAddress: r.remoteAddress,
      url: pieces.length ? `${r.path}?${pieces.join('&')}` : r.path,
      body: r.body,
    };
  });
}

/** A path param: mostly a record that exists (the handler goes deep), else one of its shape, else hostile text. */
function pathValue(param: Operation['pathParams'][number], opts: GeneratorOptions): fc.Arbitrary<string> {
  const known = opts.named[param.name] ?? [];
  const shaped = arbitraryFor(param.schema, { ...opts, hostileWeight: 0 }, param.name).map(String);
  const hostile = opts.hostileWeight >= 100;
  return fc
    .oneof(
      {
        weight: known.length ? (hostile ? 2 : 8) : 0,
        arbitrary: known.length ? fc.constantFrom(...known) : shaped,
      },
      { weight: hostile ? 1 : 2, arbitrary: shaped },
      { weight: hostile ? 4 : 1, arbitrary: hostileString },
    )
    .map(encodeAny);
}

/** `name=value` pieces for any JSON value, the way a form or a hand-written URL would send it. */
function queryPieces(name: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((v) => queryPieces(name, v));
  const text =
    value === null
      ? ''
      : typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
          ? String(value)
          : JSON.stringify(value);
  return [`${encodeAny(name)}=${encodeAny(rawText(text))}`];
}
