import type { CompanyRoleSlug } from '@courier/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { forbidden, notFound, unauthenticated } from '../lib/app-error.js';

const DEFAULT_ROLES: readonly CompanyRoleSlug[] = ['company-admin'];

/**
 * The tenancy hook of every `/c/{companySlug}/...` route. It runs before validation and before any handler:
 * a stranger to the company gets 404 (the company's existence is not revealed), a member without an allowed role
 * 403, and the company is put on the request for the handler's queries.
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
  if (!request.auth) throw unauthenticated();
  const { companySlug } = request.params as { companySlug?: string };
  if (!companySlug) throw notFound('Company');
  // Read with the session by the auth hook, which sees the same route params: there is no second lookup.
  const prefetched = request.callerMembership;
  const membership = prefetched?.companySlug === companySlug ? prefetched.membership : undefined;
  if (!membership || !membership.isActive || membership.roles.length === 0) throw notFound('Company');
  const allowed = request.routeOptions.config.roles ?? DEFAULT_ROLES;
  if (!membership.roles.some((r) => allowed.includes(r))) throw forbidden();
  return {
    companyId: membership.companyId,
    companySlug: membership.companySlug,
    companyTypeSlug: membership.companyTypeSlug,
    roles: membership.roles,
    deliveriesVersion: membership.deliveriesVersion,
  };
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
