import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCompanySlug } from '../../lib/session/use-company-slug';
import { DRIVER_HOME_ROUTE } from '../../lib/roles';
import { useIsCompanyAdmin } from '../../lib/session/use-is-company-admin';
import { useHomeRoute } from '../../lib/session/use-viewer';
import { EmptyState } from '../layout/empty-state';
import { GateLoading } from './gate-loading';
import { QueryError } from '../list/query-error';
import { CompanyScopeContext } from './company-scope';

/**
 * Company-admin screens: anyone else sees a clear message instead of the 403s the calls would give. `what` ends
 * the sentence "Only company admins can …". Inside, useScopedCompanySlug() gives the company's slug.
 */
export function AdminGate({ what, children }: { what: string; children: ReactNode }) {
  const { isAdmin, isPending, error, refetch } = useIsCompanyAdmin();
  const slug = useCompanySlug();
  const home = useHomeRoute();
  if (isPending) return <GateLoading />;
  if (error) return <QueryError error={error} onRetry={refetch} title="Could not load your roles" />;
  if (!isAdmin || slug === null) {
    return (
      <EmptyState
        icon={IconLock}
        title="Only company admins"
        description={`Only company admins can ${what}. Ask an admin of your company if you need this.`}
        action={{
          label: home === DRIVER_HOME_ROUTE ? 'Back to my deliveries' : 'Back to the dashboard',
          to: home,
        }}
      />
    );
  }
  return <CompanyScopeContext.Provider value={slug}>{children}</CompanyScopeContext.Provider>;
}
