/**
 * Query keys of the signed-in user's notifications (decision 028), shared by the header, the /Notifications screen
 * and the live stream: its `notification` event (new ones for me) invalidates `all`.
 */
export const notificationKeys = {
  all: () => ['notifications'] as const,
  summary: () => [...notificationKeys.all(), 'summary'] as const,
  list: (query: { page: number; per_page: number; unread: boolean }) =>
    [...notificationKeys.all(), 'list', query] as const,
  preferences: () => ['notification-preferences'] as const,
};
