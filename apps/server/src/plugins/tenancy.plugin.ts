import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { COMPANY_REFUSALS, type CompanyAction, type PlatformAction } from '@courier/contract';
import type { ApiKeyCaller } from '../access/api-key-caller.queries.js';
import { requireCan } from '../access/require-can.js';
import { forbidden, notFound, unauthenticated } from '../lib/app-error.js';

/**
 * The tenancy hook of every `/c/{companySlug}/...` route. It runs before validation and before any handler, and
 * asks the policy whether the caller may act for the company (company routes are admin routes): a stranger to the
 * company gets 404 (the company's existence is not revealed), a member who is only a driver 403 (drivers have their
 * own calls under `/driver`), and the company is put on the request for the handler's queries.
 */
export function resolveTenant(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  try {
    request.tenant = tenantFor(request);
    done();
  } catch (err) {
    done(err as Error);
  }
}

function tenantFor(request: FastifyRequest) {
  const { companySlug } = request.params as { companySlug?: string };
  if (request.apiKey) return keyTenantFor(request, request.apiKey, companySlug);
  if (!request.auth) throw unauthenticated();
  if (!companySlug) throw notFound('Company');
  // Read with the session by the auth hook, which sees the same route params: there is no second lookup.
  const prefetched = request.callerMembership;
  const membership = prefetched?.companySlug === companySlug ? prefetched.membership : undefined;
  if (!membership || !membership.isActive || membership.roles.length === 0) throw notFound('Company');
  const actor = {
    userId: request.auth.userId,
    isPlatformAdmin: request.auth.isPlatformAdmin,
    memberships: [membership],
  };
  // Company routes are admin routes (`manage`); a `company:<action>` rule asks its own action instead (`bid`: the
  // marketplace's courier side, for courier companies' admins).
  requireCan(actor, actionOf(request), { kind: 'company', companyId: membership.companyId }, 'Company');
  return {
    companyId: membership.companyId,
    companySlug: membership.companySlug,
    companyTypeSlug: membership.companyTypeSlug,
    roles: membership.roles,
    deliveriesVersion: membership.deliveriesVersion,
  };
}

/**
 * An API key's company (decision 065): the one it was issued by; another company's slug is a stranger's (404). It
 * acts as that company's admin, bounded by its scopes, and the policy is asked the route's action as for a person.
 */
function keyTenantFor(request: FastifyRequest, key: ApiKeyCaller, companySlug: string | undefined) {
  if (!companySlug || companySlug !== key.companySlug) throw notFound('Company');
  const membership = {
    companyId: key.companyId,
    companySlug: key.companySlug,
    companyTypeSlug: key.companyTypeSlug,
    roles: ['company-admin' as const],
  };
  const actor = { userId: null, isPlatformAdmin: false, memberships: [membership], apiKey: key };
  requireCan(actor, actionOf(request), { kind: 'company', companyId: key.companyId }, 'Company');
  return { ...membership, roles: [...membership.roles], deliveriesVersion: key.deliveriesVersion };
}

/** The company action a company route asks: `manage` unless its rule is `company:<action>`. */
function actionOf(request: FastifyRequest): CompanyAction {
  const rule = request.routeOptions.config.access;
  return rule?.startsWith('company:') ? (rule.slice('company:'.length) as CompanyAction) : 'manage';
}

/** The company the tenancy hook resolved; only called from routes registered in `companyScope`. */
export function tenantOf(request: FastifyRequest) {
  if (!request.tenant) throw notFound('Company');
  return request.tenant;
}

/**
 * Registers company-scoped routes (their contract paths start with `/c/:companySlug/`) in one encapsulated scope
 * with the tenancy hook in front of all of them.
 */
export async function companyScope(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register((scope, _opts, done) => {
    scope.addHook('preValidation', resolveTenant);
    register(scope);
    done();
  });
}

/**
 * Registers the driver's own routes (`/driver/...`, no company slug) in one scope whose hook finds every company the
 * caller drives for; someone who drives for none gets 403 (these calls are for drivers), and each handler then asks
 * the policy about the delivery it touches.
 */
export async function driverScope(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register((scope, _opts, done) => {
    // Marks the scope's routes, so the auth hook reads the driver's companies with the session (one round trip).
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, driverScope: true };
    });
    scope.addHook('preValidation', (request, _reply, done) => {
      if (!request.auth) return done(unauthenticated());
      // Read by the auth hook with the session on every route of this scope (the mark above).
      const memberships = request.driverMemberships ?? [];
      if (memberships.length === 0) return done(forbidden(COMPANY_REFUSALS.drive));
      request.driverActor = {
        userId: request.auth.userId,
        isPlatformAdmin: request.auth.isPlatformAdmin,
        memberships,
      };
      done();
    });
    register(scope);
    done();
  });
}

/**
 * Registers the platform's own routes (`/platform/...`: the product's records across companies, decision 027) in one
 * scope whose hook asks the policy for the route's `platform:<action>` rule: signed out 401, anyone but a platform
 * admin 403.
 */
export async function platformScope(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register((scope, _opts, done) => {
    scope.addHook('preValidation', (request, _reply, done) => {
      try {
        if (!request.auth) throw unauthenticated();
        const rule = request.routeOptions.config.access ?? '';
        const action = (
          rule.startsWith('platform:') ? rule.slice('platform:'.length) : 'read-mail'
        ) as PlatformAction;
        const actor = {
          userId: request.auth.userId,
          isPlatformAdmin: request.auth.isPlatformAdmin,
          memberships: [],
        };
        requireCan(actor, action, { kind: 'platform' }, 'Platform');
        done();
      } catch (err) {
        done(err as Error);
      }
    });
    register(scope);
    done();
  });
}
