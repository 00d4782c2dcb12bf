import { IconBuildingWarehouse } from '@tabler/icons-react';
import { EmptyState } from '../../../components/layout/empty-state';

/** What a shipper company sees on the couriers' screens (the API answers 403 to it). */
export function CourierOnly({ what }: { what: string }) {
  return (
    <EmptyState
      icon={IconBuildingWarehouse}
      title="For courier companies"
      description={`${what} are for courier companies. As a shipper, offer a delivery for bids from its detail page and follow its bids on the bidding dashboard.`}
      action={{ label: 'Go to the bidding dashboard', to: '/BiddingDashboard' }}
    />
  );
}
