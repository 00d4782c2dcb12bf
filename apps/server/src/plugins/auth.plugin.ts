import { API_KEY_REFUSALS, isApiKeySecret, LOCKED_MESSAGE, unsafeTextMessage } from '@courier/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findApiKeyCaller, touchApiKey } from '../access/api-key-caller.queries.js';
import { findCaller, findDriverCaller, touchSession } from '../access/caller.queries.js';
import { AppError, forbidden } from '../lib/app-error.js';
import { ruleFromTheMatrix } from '../lib/file-route.js';

/** Writes of last-used times are batched: a session is touched at most once a minute. */
const TOUCH_EVERY_MS = 60_000;

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}

/**
 * Resolves who is calling from the session cookie or a Bearer token, once per request, before routing hooks.
 * Nothing is looked up when the request carries neither. On a company-scoped route (its path has
 * `:companySlug`) the caller's membership of that company is read in the same statement and left for the tenancy
 * hook, so a signed-in company request costs one round trip to the database before its handler.
 */
export const authPlugin = fp((app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('callerMembership', null);
  app.decorateRequest('driverActor', null);
  app.decorateRequest('driverMemberships', null);
  app.decorateRequest('callerLoaded', null);
  // Every API route carries its rule before it can answer, a raw file route too: the lock check below reads it.
  app.addHook('onRoute', ruleFromTheMatrix);
  app.addHook('onRequest', async (request) => {
    const bearer = bearerOf(request);
    if (bearer && isApiKeySecret(bearer)) return resolveApiKey(app, request, bearer);
    const secret = callerSecret(app, request);
    if (!secret) return;
    const { companySlug } = (request.params ?? {}) as { companySlug?: string };
    // This hook runs before any validation: a slug PostgreSQL cannot compare (NUL, decision 014) names no company,
    // so only the session is read and the tenancy hook answers 404.
    const slug = companySlug !== undefined && unsafeTextMessage(companySlug) ? undefined : companySlug;
    // A driver route (the driver scope marks its routes) reads the companies the user drives for with the session.
    const { driverScope: driverRoute, callerLookup } = request.routeOptions.config;
    const driver = driverRoute ? await findDriverCaller(app.database.db, secret) : undefined;
    // A route with its own caller statement (`/me`: the user and phone numbers with the session) runs that one
    // instead: still one round trip, and the handler needs none (decision 044).
    const own = callerLookup && !driverRoute ? await callerLookup(app.database.db, secret) : undefined;
    const caller = driverRoute
      ? driver
      : callerLookup
        ? own && { session: own.session, membership: undefined }
        : await findCaller(app.database.db, secret, slug);
    if (!caller || (bearer && caller.session.kind !== 'token')) return;
    const { session, membership } = caller;
    if (own) request.callerLoaded = own.loaded;
    if (companySlug !== undefined) request.callerMembership = { companySlug, membership };
    if (driver) request.driverMemberships = driver.driverMemberships;
    request.auth = {
      userId: session.userId,
      sessionId: session.id,
      kind: session.kind,
      isPlatformAdmin: session.isPlatformAdmin,
      locked: session.lockedAt !== null,
    };
    // A locked session (decision 030) keeps its public routes and the lock screen's own; everything else waits.
    const { access, whileLocked } = request.routeOptions.config;
    if (session.lockedAt && access && access !== 'public' && !whileLocked)
      throw new AppError(423, 'locked', LOCKED_MESSAGE);
    if (Date.now() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      const idleMs = app.config.SESSION_IDLE_MINUTES * 60_000;
      await touchSession(
        app.database.db,
        session.id,
        session.kind === 'session' ? new Date(Date.now() + idleMs) : null,
      );
    }
  });
});

/**
 * A call with an API key (decision 065): the key is read on every call (a revoked one is refused at once, on every
 * process), then the route must be open to keys and the key hold the scope it needs (API_KEY_CALLS), before any hook
 * of the route. A public route ignores the key; a path no route has answers its 404.
 */
async function resolveApiKey(app: FastifyInstance, request: FastifyRequest, secret: string): Promise<void> {
  const { access, apiKeyScope } = request.routeOptions.config;
  if (!access || access === 'public') return;
  const found = await findApiKeyCaller(app.database.db, secret, request.ip);
  if (!found) throw new AppError(401, 'invalid_api_key', API_KEY_REFUSALS.invalid);
  if (!apiKeyScope) throw forbidden(API_KEY_REFUSALS.call);
  if (!found.caller.scopes.includes(apiKeyScope)) throw forbidden(API_KEY_REFUSALS.scope(apiKeyScope));
  request.apiKey = found.caller;
  if (found.touch) await touchApiKey(app.database.db, found.caller.id, request.ip);
}

/** The caller's session secret: the Bearer token, else the session cookie (a live stream reads it again later). */
export function callerSecret(app: FastifyInstance, request: FastifyRequest): string | undefined {
  return bearerOf(request) ?? request.cookies[app.config.SESSION_COOKIE_NAME];
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, secret: string): void {
  void reply.setCookie(app.config.SESSION_COOKIE_NAME, secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.cookieSecure,
    maxAge: app.config.SESSION_IDLE_MINUTES * 60,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  void reply.clearCookie(app.config.SESSION_COOKIE_NAME, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.cookieSecure,
  });
}
