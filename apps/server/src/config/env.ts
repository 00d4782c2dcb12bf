import { resolve } from 'node:path';
import {
  BRAND_NAME,
  DEFAULT_SUPPORT_PAGE,
  GEOCODER_PROVIDERS,
  type GeocoderProvider,
} from '@courier/contract';
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every configuration variable of the server, parsed once at start-up. A bad value stops the server with a message
 * naming the variable. The README's configuration table lists the same variables.
 */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public URL printed at start-up and used for absolute links. Defaults to http://HOST:PORT. */
  APP_URL: z.url().optional(),
  /** PostgreSQL connection string. Unset: the embedded PGlite database under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * The embedded database's buffer cache. PostgreSQL's default (128 MB) is most of a PGlite server's memory; its
   * pages are files read through the operating system's cache, so a small cache costs little (issue 15).
   */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(16),
  /** Where uploaded files are kept on local disk. Defaults to DATA_DIR/files. */
  FILES_DIR: z.string().min(1).optional(),
  /** Serve the built web app from this folder (SPA fallback). Empty string disables it. */
  WEB_DIST_DIR: z.string().default(''),
  SEED_DEMO: booleanish.default(true),
  /** An OSRM-compatible routing server for distances and durations; unset: straight lines times a road factor. */
  OSRM_URL: z.url().optional(),
  /**
   * A VROOM server (vroom-express) that solves the dispatch board's optimisations (issue 35, decision 070); unset: the
   * built-in solver, in a worker thread of the server.
   */
  VROOM_URL: z.url().optional(),
  /**
   * The geocoder that turns addresses into points and answers the address search (decision 060): `photon`
   * (default, the public komoot server unless GEOCODER_URL), `nominatim`, `pelias` (needs GEOCODER_URL), or `none`
   * (no third party: addresses are placed by a pin on the map; the default when MAP_OFFLINE is set).
   */
  GEOCODER: z.enum(GEOCODER_PROVIDERS).optional(),
  GEOCODER_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** An API key the geocoder wants (Pelias hosts such as geocode.earth: `api_key`). */
  GEOCODER_KEY: z.string().min(1).optional(),
  /** Requests per second sent to the geocoder; the default depends on the provider (public Nominatim: 1, at most). */
  GEOCODER_RATE: z.coerce.number().min(0.01).max(1000).optional(),
  /** Milliseconds a geocoder may take to answer before the address is left for a later try. */
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
  /** A PMTiles archive of the operator's region, served by this server and drawn with the Protomaps style. */
  MAP_PMTILES: z.string().min(1).optional(),
  /**
   * A MapLibre style document (light, and dark when MAP_STYLE_URL_DARK is unset); used when MAP_PMTILES is not. Unset:
   * OpenFreeMap's public styles.
   */
  MAP_STYLE_URL: z.url({ protocol: /^https?$/ }).optional(),
  MAP_STYLE_URL_DARK: z.url({ protocol: /^https?$/ }).optional(),
  /** The map reaches no third party: MAP_PMTILES, else the built-in map; a style URL is ignored. */
  MAP_OFFLINE: booleanish.default(false),
  /** Credit shown on the map; each kind of base map has its own default (docs/decisions/024-base-map.md). */
  MAP_ATTRIBUTION: z.string().max(500).optional(),
  SESSION_COOKIE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('courier_session'),
  /** Minutes of inactivity after which a browser session ends (sliding). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 90)
    .default(120),
  /** Days a Bearer token issued at login stays valid. */
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Set cookies with Secure (behind TLS). Defaults to true when APP_URL is https. */
  COOKIE_SECURE: booleanish.optional(),
  TRUST_PROXY: booleanish.default(false),
  /**
   * Serve the OpenAPI document and its reference UI at /api/docs. Unset: on in development and test, off in
   * production (the API's whole surface is not published by default on a company's own server).
   */
  API_DOCS: booleanish.optional(),
  /** Requests per minute per client on the whole API. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  /** Password reset requests per minute per client address (each account also gets at most one e-mail a minute). */
  PASSWORD_RESET_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  /**
   * The SMTP server mail goes through (decision 027), e.g. `smtps://user:pass@mail.example.com:465` or
   * `smtp://127.0.0.1:25`. Unset: mail is only kept in the database's outbox (and named in the log).
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'Use smtp://… or smtps://…' }).optional(),
  /** Sender of the mail, `Name <address>`. Defaults to `Courier <no-reply@APP_URL's host>`. */
  MAIL_FROM: z.string().min(3).max(300).optional(),
  /**
   * Text messages to recipients go through Twilio (issue 36, decision 071) when its account SID and auth token are
   * set, from TWILIO_FROM (a number in E.164, `+447700900123`, or a Messaging Service SID, `MG…`). Unset: they are
   * kept in the platform's outbox, as mail without SMTP_URL is.
   */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'An account SID is AC and 32 hexadecimal digits.')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, "Use the account's auth token.").optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
      'Use a number in E.164 (+447700900123) or a Messaging Service SID (MG…).',
    )
    .optional(),
  /** Twilio's API address (default `https://api.twilio.com`): a proxy, or the tests' local Twilio. */
  TWILIO_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Contact form messages per minute per client address. */
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(3),
  /** Where the contact form's messages go; unset: to every platform admin's e-mail. */
  CONTACT_EMAIL: z.email().optional(),
  /**
   * The Support Desk the app's menus open in a new tab (decision 061), e.g. a help centre or a ticket form. Unset: the
   * app's own contact page, whose form reaches CONTACT_EMAIL.
   */
  SUPPORT_URL: z.url({ protocol: /^https?$/, error: 'Use an http:// or https:// address.' }).optional(),
  /**
   * Sign-in attempts per minute per client address and e-mail; also the current-password checks per minute of one
   * account (changing the password, unlocking the lock screen), over all its sessions.
   */
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  /**
   * Sign-in attempts per minute on one e-mail from any addresses (a spray from many machines): past it, that account's
   * sign-ins wait until the minute is over, never longer; a password reset still works.
   */
  LOGIN_ACCOUNT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  /** Sign-in attempts per minute from one address across all e-mails (one machine trying many accounts). */
  LOGIN_ADDRESS_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  /**
   * The live stream's bus between server processes (decision 023): unset means PostgreSQL's LISTEN/NOTIFY (or, on
   * PGlite, one process's memory); `nats://host:4222` (optionally `?subject=…`) for NATS.
   */
  EVENT_BUS_URL: z
    .url()
    .refine((u) => u.startsWith('nats://'), 'Only nats:// is supported.')
    .optional(),
  /**
   * Where the rate limits count across server processes (decision 058): unset, the database's `rate_limits` table;
   * `redis://[user:pass@]host:6379[/db]` (or `rediss://`) for Redis.
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'Use redis://… or rediss://…' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serve Prometheus metrics at /metrics (decision 055): request durations, jobs, event lag, database pool. */
  METRICS: booleanish.default(false),
  /** When set, /metrics answers only a scraper that sends `Authorization: Bearer <this>`. */
  METRICS_TOKEN: z.string().min(16, 'Use at least 16 characters.').optional(),
  /**
   * Let webhooks reach private, loopback and link-local addresses (decision 066). Off by default: a company's admin
   * must not make the server call inside its own network (SSRF). For an install whose receivers are on its own LAN,
   * and for tests.
   */
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: booleanish.default(false),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig extends Omit<Env, 'GEOCODER'> {
  /** GEOCODER, or its default: `none` with MAP_OFFLINE, else `photon`. */
  GEOCODER: GeocoderProvider;
  appUrl: string;
  mailFrom: string;
  /** SUPPORT_URL, or the web app's contact page (a path on this server). */
  supportUrl: string;
  filesDir: string;
  /** MAP_PMTILES made absolute. */
  mapPmtiles: string | undefined;
  cookieSecure: boolean;
  /** Whether /api/docs is served (API_DOCS, or its default for NODE_ENV). */
  apiDocs: boolean;
  dataDir: string;
  database:
    | { kind: 'pglite'; dataDir: string; sharedBuffersMb?: number }
    | { kind: 'postgres'; url: string; poolSize: number };
}

export class ConfigError extends Error {}

export function loadConfig(
  source: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env,
): AppConfig {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.GEOCODER === 'pelias' && !env.GEOCODER_URL)
    throw new ConfigError(
      'Invalid configuration:\n  GEOCODER_URL: GEOCODER=pelias needs the URL of a Pelias server.',
    );
  const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM];
  if (twilio.some(Boolean) && !twilio.every(Boolean))
    throw new ConfigError(
      'Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: set all three to send text messages, or none.',
    );
  const appUrl = env.APP_URL ?? `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`;
  const dataDir = resolve(env.DATA_DIR);
  return {
    ...env,
    GEOCODER: env.GEOCODER ?? (env.MAP_OFFLINE ? 'none' : 'photon'),
    appUrl,
    mailFrom: env.MAIL_FROM ?? `${BRAND_NAME} <no-reply@${new URL(appUrl).hostname}>`,
    supportUrl: env.SUPPORT_URL ?? DEFAULT_SUPPORT_PAGE,
    cookieSecure: env.COOKIE_SECURE ?? appUrl.startsWith('https://'),
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
    dataDir,
    filesDir: env.FILES_DIR ? resolve(env.FILES_DIR) : resolve(dataDir, 'files'),
    mapPmtiles: env.MAP_PMTILES ? resolve(env.MAP_PMTILES) : undefined,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : {
          kind: 'pglite',
          dataDir: resolve(dataDir, 'pglite'),
          sharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB,
        },
  };
}
