import { IconLayoutDashboard } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/layout/empty-state';
import { PageHeader } from '../../../components/layout/page-header';
import { useScreenHandle } from '../../../lib/route-handle';
import { PLANNED_SCREENS } from '../planned-screens';

/** A screen whose content later work fills: its title and an empty state saying what it will hold. */
export default function PlannedScreenPage() {
  const handle = useScreenHandle();
  const params = useParams();
  const screen = handle ? PLANNED_SCREENS[handle.routeId] : undefined;
  const reference = params.uuid ?? params.deliveryUuid;
  return (
    <>
      <PageHeader
        title={handle?.title ?? 'Screen'}
        description={reference ? `Reference ${reference}` : undefined}
      />
      <EmptyState
        icon={screen?.icon ?? IconLayoutDashboard}
        title={screen?.heading ?? 'Nothing here yet'}
        description={screen?.description ?? 'This screen has no content yet.'}
        action={screen?.action}
      />
    </>
  );
}
