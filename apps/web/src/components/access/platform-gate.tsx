import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DRIVER_HOME_ROUTE } from '../../lib/roles';
import { useHomeRoute, useViewer } from '../../lib/session/use-viewer';
import { EmptyState } from '../layout/empty-state';
import { GateLoading } from './gate-loading';

/**
 * The installation's own screens (the sent mail): anyone but a platform admin sees the same kind of message as a
 * company screen's AdminGate, instead of the 403s the calls would give. `what` ends "Only platform admins can …".
 */
export function PlatformGate({ what, children }: { what: string; children: ReactNode }) {
  const { viewer, isPending } = useViewer();
  const home = useHomeRoute();
  if (isPending) return <GateLoading />;
  if (!viewer?.platform) {
    return (
      <EmptyState
        icon={IconLock}
        title="Only platform admins"
        description={`Only the platform's admins can ${what}.`}
        action={{
          label: home === DRIVER_HOME_ROUTE ? 'Back to my deliveries' : 'Back to the dashboard',
          to: home,
        }}
      />
    );
  }
  return children;
}
