import { IconBuilding } from '@tabler/icons-react';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { QueryState } from '../../../components/layout/query-state';
import { QueryError } from '../../../components/list/query-error';
import { TableSkeleton } from '../../../components/list/table-skeleton';
import { useCurrentCompany } from '../../../lib/session/get-my-companies';
import { useIsCompanyAdmin } from '../../../lib/session/use-is-company-admin';
import { useCompany } from '../api/get-company';
import { BidRatesCard } from '../components/bid-rates-form';
import { CompanyCard } from '../components/company-card';
import { CompanyProfileForm } from '../components/company-profile-form';

function CompanyEditor({ slug }: { slug: string }) {
  const company = useCompany(slug);
  if (company.data) return <CompanyProfileForm key={company.data.updatedAt} company={company.data} />;
  if (company.error) return <QueryError error={company.error} onRetry={company.refetch} />;
  return <TableSkeleton rows={4} height={56} />;
}

/** /AccountPages/CompanyProfile: admins edit name, description and logo; other members see the profile. */
export default function CompanyProfilePage() {
  const { company, isPending, error } = useCurrentCompany();
  const { isAdmin, isPending: rolesPending } = useIsCompanyAdmin();
  return (
    <>
      <PageHeader title="Company Profile" description="The company you are working in." />
      <QueryState
        data={isPending || rolesPending ? undefined : company}
        isPending={isPending || rolesPending}
        error={error}
      >
        {(current) =>
          current === null ? (
            <EmptyState
              icon={IconBuilding}
              title="No company yet"
              description="Once you belong to a company, its name, type and description are shown here."
            />
          ) : isAdmin ? (
            <>
              <CompanyEditor slug={current.slug} />
              {/* Bid rates are a courier's (the API answers 403 to a shipper). */}
              {current.companyTypeSlug === 'courier' ? <BidRatesCard slug={current.slug} /> : null}
            </>
          ) : (
            <CompanyCard company={current} />
          )
        }
      </QueryState>
    </>
  );
}
