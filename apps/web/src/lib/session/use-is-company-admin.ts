import { COMPANY_ADMIN_ROLE } from '../roles';
import { useMyRoles } from './get-my-roles';

/**
 * Whether the signed-in user administers their current company (GET /me/role). The server is the real gate (a
 * driver gets 403); this hides what the user cannot use. While the roles load, `isPending` is true.
 */
export function useIsCompanyAdmin() {
  const { data, isPending, error, refetch } = useMyRoles();
  return {
    isAdmin: data?.some((role) => role.slug === COMPANY_ADMIN_ROLE) ?? false,
    isPending: isPending && !error,
    error,
    refetch,
  };
}
