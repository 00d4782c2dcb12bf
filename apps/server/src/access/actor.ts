import { API_KEY_REFUSALS, type Actor } from '@courier/contract';
import type { FastifyRequest } from 'fastify';
import { forbidden, notFound, unauthenticated } from '../lib/app-error.js';

/**
 * The actor of a company route: the signed-in user acting through their membership of the route's company only, so
 * an admin of both the owner and the carrier acts as one of them at a time, as the slug says.
 */
export function companyActor(request: FastifyRequest): Actor {
  if (request.apiKey) return apiKeyActor(request);
  if (!request.auth) throw unauthenticated();
  if (!request.tenant) throw notFound('Company');
  const t = request.tenant;
  return {
    userId: request.auth.userId,
    isPlatformAdmin: request.auth.isPlatformAdmin,
    memberships: [{ companyId: t.companyId, companyTypeSlug: t.companyTypeSlug, roles: t.roles }],
  };
}

/** The actor of a driver route: the user with every company they drive for (set by the driver hook). */
export function driverActor(request: FastifyRequest): Actor {
  if (!request.auth) throw unauthenticated();
  if (!request.driverActor) throw notFound('Driver');
  return request.driverActor;
}

/**
 * The actor of an API key (decision 065): its company's admin as far as the policy's relations go, bounded by its
 * scopes (`keyAllows`), and no one (`userId` null): nothing a person is (an author, a driver) is ever a key.
 */
function apiKeyActor(request: FastifyRequest): Actor {
  const key = request.apiKey;
  const t = request.tenant;
  if (!key || !t) throw notFound('Company');
  return {
    userId: null,
    isPlatformAdmin: false,
    memberships: [{ companyId: t.companyId, companyTypeSlug: t.companyTypeSlug, roles: t.roles }],
    apiKey: { id: key.id, scopes: key.scopes },
  };
}

/**
 * The person acting, where only a person can (a driver's own side, a note's author, a bid): an API key, which the
 * calls open to keys never bring here, is refused all the same.
 */
export function personOf(actor: Actor): string {
  if (actor.userId === null) throw forbidden(API_KEY_REFUSALS.call);
  return actor.userId;
}

/** Who a write is recorded as made by: a person, or an API key (decision 065: the delivery's history names it). */
export interface Author {
  userId: string | null;
  apiKeyId: string | null;
}

export function authorOf(actor: Actor): Author {
  return { userId: actor.userId, apiKeyId: actor.apiKey?.id ?? null };
}
