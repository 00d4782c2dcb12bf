import type { Company, CompanyTypeSlug } from '@courier/contract';
import { iso } from '../../lib/dates.js';
import type { CompanyRow } from './companies.queries.js';

export function presentCompany(row: CompanyRow): Company {
  return {
    uuid: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    logoUrl: row.logoUrl,
    companyTypeSlug: row.companyTypeSlug as CompanyTypeSlug,
    countryCode: row.countryCode,
    isActive: row.isActive,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
