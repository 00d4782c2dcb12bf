import { IconFileDescription, IconGavel, IconListSearch, type Icon } from '@tabler/icons-react';
import type { EmptyStateAction } from '../../components/layout/empty-state';

/** What a screen will hold, shown as its empty state until the screen is built out. */
export interface PlannedScreen {
  icon: Icon;
  heading: string;
  description: string;
  action?: EmptyStateAction;
}

const openBids = { label: 'See open bids', to: '/BidsOpen' };

/** Keyed by route id (src/app/route-table.ts). */
export const PLANNED_SCREENS: Readonly<Record<string, PlannedScreen>> = {
  biddingDashboard: {
    icon: IconGavel,
    heading: 'No bids yet',
    description:
      'Deliveries offered at auction, the bids your company has placed and how each one ended are tracked here.',
    action: openBids,
  },
  bidsOpen: {
    icon: IconListSearch,
    heading: 'No deliveries are open for bidding',
    description:
      'Deliveries that shippers put up for auction are listed here with their route, parcels and closing time.',
  },
  bidDetailRoute: {
    icon: IconFileDescription,
    heading: 'No bid selected',
    description:
      'One bid in full: the delivery it is for, the price offered, its status and the messages exchanged with the shipper.',
    action: openBids,
  },
  bidDetail: {
    icon: IconFileDescription,
    heading: 'No bid selected',
    description:
      'One bid in full: the delivery it is for, the price offered, its status and the messages exchanged with the shipper.',
    action: openBids,
  },
};
