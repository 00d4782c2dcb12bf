import fc from 'fast-check';
import { hostileNumber, hostileString, hostileValue, PROTOTYPE_KEYS, unsafeChar } from './hostile-values.js';

/** The part of JSON Schema (as the OpenAPI document writes the contract's zod schemas) the generator reads. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  nullable?: boolean;
}

export interface GeneratorOptions {
  /** Ids of records that exist, offered for `format: uuid` fields so a handler finds something and goes on. */
  ids: readonly string[];
  /** Ids by the name of the field or path param that takes them (`deliveryUuid`), tried before `ids`. */
  named: Readonly<Record<string, readonly string[]>>;
  /** Weight, out of 100, of replacing any one value by a hostile one; 0 for values of the schema's shape only. */
  hostileWeight: number;
  /** Free text carries a control character or a lone surrogate somewhere, the rest of the value keeping its shape. */
  dirtyText?: boolean;
  /** The clock dates are drawn around (fixed per run, so a seed draws the same dates within a run). */
  now: number;
}

const DAY = 86_400_000;
const MAX_ARRAY = 8;
const MAX_TEXT = 60;

/** A value shaped by the schema, with hostile values mixed in at `hostileWeight` per node. */
export function arbitraryFor(
  schema: JsonSchema,
  opts: GeneratorOptions,
  name?: string,
): fc.Arbitrary<unknown> {
  const shaped = shapedBy(schema, opts, name);
  const nullable = schema.nullable ? fc.oneof(fc.constant(null), shaped) : shaped;
  if (opts.hostileWeight <= 0) return nullable;
  return fc.oneof(
    { weight: 100 - opts.hostileWeight, arbitrary: nullable },
    { weight: opts.hostileWeight, arbitrary: hostileFor(schema) },
  );
}

/**
 * Hostile values for one field, mostly of its own type (text with a NUL in a text field, 2^31 in an integer one) so
 * they pass the type check and meet the rules and columns behind it; sometimes of any type.
 */
function hostileFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const sameType =
    schema.type === 'string'
      ? hostileString
      : schema.type === 'integer' || schema.type === 'number'
        ? hostileNumber
        : undefined;
  return sameType
    ? fc.oneof({ weight: 3, arbitrary: sameType }, { weight: 1, arbitrary: hostileValue })
    : hostileValue;
}

function shapedBy(schema: JsonSchema, opts: GeneratorOptions, name?: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => arbitraryFor(s, opts)));
  switch (schema.type) {
    case 'string':
      return stringFor(schema, opts, name);
    case 'integer':
      return integerFor(schema);
    case 'number':
      return fc.double({
        min: schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : -1e9),
        max: schema.maximum ?? (typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : 1e9),
        minExcluded: schema.exclusiveMinimum !== undefined && schema.exclusiveMinimum !== false,
        maxExcluded: schema.exclusiveMaximum !== undefined && schema.exclusiveMaximum !== false,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      // `driverUserUuids` takes what `driverUserUuid` takes.
      return fc.array(arbitraryFor(schema.items ?? {}, opts, name?.replace(/s$/, '')), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? MAX_ARRAY, MAX_ARRAY)),
      });
    }
    case 'object':
      return objectFor(schema, opts);
    default:
      // A schema that says nothing (zod's unknown): anything at all.
      return fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostileValue);
  }
}

function objectFor(schema: JsonSchema, opts: GeneratorOptions): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, arbitraryFor(s, opts, k)])),
    { requiredKeys: (schema.required ?? []).filter((k) => k in properties) },
  );
  if (opts.hostileWeight <= 0) return record;
  // Unknown keys, prototype names among them, beside the known ones.
  const extra = fc.dictionary(
    fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 8 })),
    hostileValue,
    {
      maxKeys: 2,
    },
  );
  return fc
    .tuple(record, fc.option(extra, { freq: 4 }))
    .map(([known, unknown]) => (unknown ? withOwnKeys(known, unknown) : known));
}

/** Copies keys as own data properties, `__proto__` too (an object literal or spread would set the prototype). */
function withOwnKeys(target: Record<string, unknown>, extra: Record<string, unknown>) {
  const out = { ...target };
  for (const [k, v] of Object.entries(extra))
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

function integerFor(schema: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined;
  const min = Math.max(schema.minimum ?? exclusiveMin ?? -1_000_000, Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? exclusiveMax ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  if (min >= -(2 ** 31) && max <= 2 ** 31 - 1) return fc.integer({ min, max });
  return fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
}

function stringFor(schema: JsonSchema, opts: GeneratorOptions, name?: string): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_TEXT, MAX_TEXT));
  const dates = fc
    .integer({ min: -60 * DAY, max: 120 * DAY })
    .map((offset) => new Date(opts.now + offset).toISOString());
  switch (schema.format) {
    case 'uuid': {
      const known = (name && opts.named[name]?.length ? opts.named[name] : undefined) ?? opts.ids;
      return known.length
        ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fc.uuid() })
        : fc.uuid();
    }
    case 'date-time':
      return fc.oneof({ weight: 4, arbitrary: dates }, { weight: 1, arbitrary: matching(schema) });
    case 'date':
      return fc.oneof(
        { weight: 4, arbitrary: dates.map((d) => d.slice(0, 10)) },
        { weight: 1, arbitrary: matching(schema) },
      );
    case 'email':
      return email;
  }
  const hint = name ? HINTS.find(([re]) => re.test(name))?.[1] : undefined;
  if (hint)
    return fc.oneof(
      { weight: 3, arbitrary: hint },
      { weight: 1, arbitrary: plainText(schema, opts, minLength, maxLength) },
    );
  return plainText(schema, opts, minLength, maxLength);
}

const email = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9.+-]{0,12}$/), fc.constantFrom('example.com', 'mail.example.org'))
  .map(([local, domain]) => `${local}@${domain}`);

/**
 * Values a field's name asks for where its schema only says "text" (the contract checks them in refinements the
 * document cannot show): without them nearly every request would stop at the same message.
 */
const HINTS: [RegExp, fc.Arbitrary<string>][] = [
  [/email$/i, email],
  [/^countryCode$/, fc.constantFrom('GB', 'FR', 'us', 'DE')],
  [/^(tz|timeZone)$/, fc.constantFrom('Europe/London', 'UTC', 'America/New_York', 'Asia/Kolkata')],
  [/^registrationNumber$/, fc.stringMatching(/^[A-Z0-9]{2,8}$/)],
  // Two choices, so a password and its confirmation match half the time.
  [/^password(Confirmation)?$/, fc.constantFrom('correct-horse-battery', 'another-long-secret')],
  [/^slug$/, fc.stringMatching(/^[a-z][a-z0-9]{2,10}$/)],
];

function plainText(schema: JsonSchema, opts: GeneratorOptions, minLength: number, maxLength: number) {
  if (schema.pattern) return matching(schema);
  const text = fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
  );
  if (!opts.dirtyText) return text;
  return fc
    .tuple(text, unsafeChar, fc.nat())
    .map(([t, c, at]) => t.slice(0, at % (t.length + 1)) + c + t.slice(at % (t.length + 1)));
}

function matching(schema: JsonSchema): fc.Arbitrary<string> {
  return schema.pattern ? fc.stringMatching(new RegExp(schema.pattern)) : fc.string();
}
