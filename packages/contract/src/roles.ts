/** The role model (docs/decisions/002-roles-and-tenancy.md). */
export const ROLE_SLUGS = ['platform-admin', 'company-admin', 'driver'] as const;
export type RoleSlug = (typeof ROLE_SLUGS)[number];
export const COMPANY_ROLE_SLUGS = ['company-admin', 'driver'] as const;
export type CompanyRoleSlug = (typeof COMPANY_ROLE_SLUGS)[number];
export const isCompanyRoleSlug = (slug: string): slug is CompanyRoleSlug =>
  (COMPANY_ROLE_SLUGS as readonly string[]).includes(slug);

export const COMPANY_TYPE_SLUGS = ['shipper', 'courier'] as const;
export type CompanyTypeSlug = (typeof COMPANY_TYPE_SLUGS)[number];

/** A member's standing in one company; a suspended member cannot act there. */
export const MEMBER_STATUSES = ['active', 'suspended'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const ROLE_DEFINITIONS: readonly { slug: RoleSlug; name: string; permissions: readonly string[] }[] = [
  { slug: 'platform-admin', name: 'Platform admin', permissions: ['platform:manage', 'company:read-any'] },
  {
    slug: 'company-admin',
    name: 'Company admin',
    permissions: ['company:manage', 'users:manage', 'deliveries:manage', 'fleet:manage', 'notes:manage'],
  },
  {
    slug: 'driver',
    name: 'Driver',
    permissions: ['deliveries:work-assigned', 'location:report', 'proofs:upload'],
  },
];
