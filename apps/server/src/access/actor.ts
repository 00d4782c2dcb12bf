import type { Actor } from '@courier/contract';
import type { FastifyRequest } from 'fastify';
import { notFound, unauthenticated } from '../lib/app-error.js';

/**
 * The actor of a company route: the signed-in user acting through their membership of the route's company only, so
 * an admin of both the owner and the carrier acts as one of them at a time, as the slug says.
 */
export function companyActor(request: FastifyRequest): Actor {
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
