import type { QueryClient } from '@tanstack/react-query';
import { homeRouteOf, viewerOf } from '../roles';
import { myRolesQueryOptions } from './get-my-roles';

/**
 * The user's home after a sign-in (decision 018), once their roles are known: the sign-in has started loading them,
 * so this waits for that same request. Roles that cannot be loaded give the company dashboard.
 */
export async function fetchHomeRoute(queryClient: QueryClient): Promise<string> {
  const roles = await queryClient.fetchQuery(myRolesQueryOptions()).catch(() => null);
  return homeRouteOf(roles ? viewerOf(roles.map((role) => role.slug)) : null);
}
