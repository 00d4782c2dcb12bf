import 'fastify';
import type { Actor, ActorMembership, ApiKeyScope, CallAccess, CompanyRoleSlug } from '@courier/contract';
import type { ApiKeyCaller } from '../access/api-key-caller.queries.js';
import type { Database } from '../db/client.js';
import type { AppConfig } from '../config/env.js';
import type { CallerLookup, Membership } from '../access/caller.queries.js';
import type { FileStorage } from '../lib/storage/storage.js';
import type { RouteEstimator } from '../lib/routing/routing.js';
import type { JobRunner } from '../db/jobs/job-runner.js';
import type { SharedCounters } from '../lib/rate-limit/counters.js';

export interface AuthContext {
  userId: string;
  sessionId: string;
  kind: 'session' | 'token';
  isPlatformAdmin: boolean;
  /** The session waits on the lock screen (decision 030). */
  locked: boolean;
}

export interface TenantContext {
  companyId: string;
  companySlug: string;
  companyTypeSlug: string;
  /** The caller's active roles in this company. */
  roles: CompanyRoleSlug[];
  /** The company's delivery data version, read with the membership: cached delivery lists are keyed by it. */
  deliveriesVersion: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    storage: FileStorage;
    routeEstimator: RouteEstimator;
    /** The counters every server process shares (decision 058): the rate limits, the geocoder's pace. */
    sharedCounters: SharedCounters;
    /** The process's job runner (decision 055): work after a request, sent in its transaction. */
    jobs: JobRunner;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The API key calling (decision 065), when the Bearer value is one; `auth` is then null (a key is no one's session). */
    apiKey: ApiKeyCaller | null;
    tenant: TenantContext | null;
    /** The caller's membership of the route's company, read by the auth hook with the session. */
    callerMembership: { companySlug: string; membership: Membership | undefined } | null;
    /** On a driver route: the user with every company they drive for. */
    driverActor: Actor | null;
    /** On a driver route: the companies the caller drives for, read by the auth hook with the session. */
    driverMemberships: ActorMembership[] | null;
    /** On a route with its own caller statement (`callerLookup`): what it read with the session. */
    callerLoaded: unknown;
  }
  interface FastifyContextConfig {
    /** Public routes need no signed-in user. */
    public?: boolean;
    /** The route's rule in the access matrix, set by `registerCall` from the contract. */
    access?: CallAccess;
    /** The scope an API key needs for this route; none: keys may not call it (decision 065, API_KEY_CALLS). */
    apiKeyScope?: ApiKeyScope;
    /** A route of the driver scope (`driverScope`): its callers' driver memberships are read with the session. */
    driverScope?: boolean;
    /** The route's own caller statement, run by the auth hook instead of the plain session lookup (decision 044). */
    callerLookup?: CallerLookup;
    /** Answers on a locked session (the lock screen's own calls, signing out); every other signed-in route: 423. */
    whileLocked?: boolean;
    /**
     * How the route's own rate limit counts across processes (decision 058): `exact` (the default: a shared counter
     * per request, for the security limits) or `merged` (in memory, merged once a second: for a limit on many cheap
     * requests, as the API's general one).
     */
    rateLimitCounting?: 'exact' | 'merged';
    /**
     * Written to by another site by design, without the CSRF token (a provider's signed callback, a mail client's
     * one-click unsubscribe): such a route acts on no ambient credential (no session), only on what it checks itself.
     */
    crossSite?: boolean;
  }
}
