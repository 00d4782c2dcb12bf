/** What the delivery list sorts by. */
export const DELIVERY_SORTS = ['createdAt', 'name', 'status'] as const;
