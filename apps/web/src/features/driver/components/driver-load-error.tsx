import { IconRouteOff, IconSteeringWheel } from '@tabler/icons-react';
import { EmptyState } from '../../../components/layout/empty-state';
import { QueryError } from '../../../components/list/query-error';
import { isApiError } from '../../../lib/errors';
import { DRIVER_HOME_ROUTE } from '../../../lib/roles';
import { useHomeRoute } from '../../../lib/session/use-viewer';

/**
 * A failed driver call, said plainly: someone who is not a driver (403), a delivery no longer assigned to me
 * (404), or anything else with a retry.
 */
export function DriverLoadError({
  error,
  onRetry,
  title,
}: {
  error: Error;
  onRetry: () => unknown;
  title: string;
}) {
  const home = useHomeRoute();
  if (isApiError(error, 403)) {
    return (
      <EmptyState
        icon={IconSteeringWheel}
        title="This screen is for drivers"
        description="It shows the deliveries assigned to you as a driver, and you do not drive for your company. The company's deliveries are on its dashboard."
        action={home === DRIVER_HOME_ROUTE ? undefined : { label: 'Back to the dashboard', to: home }}
      />
    );
  }
  if (isApiError(error, 404)) {
    return (
      <EmptyState
        icon={IconRouteOff}
        title="This delivery is not yours now"
        description="It is not assigned to you any more, or it does not exist. The deliveries you carry are on your dashboard."
        action={{ label: 'My deliveries', to: DRIVER_HOME_ROUTE }}
      />
    );
  }
  return <QueryError error={error} onRetry={onRetry} title={title} />;
}
