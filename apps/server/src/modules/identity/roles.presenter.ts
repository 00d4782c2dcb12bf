import type { Role } from '@courier/contract';
import type { listRolesBySlugs } from './roles.queries.js';

export function presentRole(r: Awaited<ReturnType<typeof listRolesBySlugs>>[number]): Role {
  return { uuid: r.id, slug: r.slug, name: r.name, permissions: r.permissions };
}
