import type { RoleSlug } from '@courier/contract';

/** The role that may manage a company's fleet, users, directories and profile. */
export const COMPANY_ADMIN_ROLE = 'company-admin' satisfies RoleSlug;
