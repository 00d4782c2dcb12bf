import { notificationCalls, type NotificationPreference } from '@courier/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../lib/api-client';
import { notificationKeys } from '../../lib/notification-keys';
import { notifySuccess } from '../../lib/notifications';

/** GET /me/notifications/summary: the unread count and the newest unread ones (the header's bell). */
export function useNotificationSummary(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.summary(),
    queryFn: ({ signal }) => callApi(notificationCalls.getNotificationSummary, { signal, silent: true }),
    enabled,
  });
}

/** GET /me/notifications: a page of them, newest first (only the unread ones when asked). */
export function useNotificationList(page: number, unread: boolean, perPage = 20) {
  const query = { page, per_page: perPage, unread };
  return useQuery({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) =>
      callApiPage(notificationCalls.listNotifications, {
        query: { page, per_page: perPage, unread: unread ? 'true' : 'false' },
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Mark one read, dismiss one, or mark all read: every notification query refetches. */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all() });
  const read = useMutation({
    mutationFn: (uuid: string) =>
      callApi(notificationCalls.readNotification, { params: { notificationUuid: uuid } }),
    onSuccess: refresh,
  });
  const dismiss = useMutation({
    mutationFn: (uuid: string) =>
      callApi(notificationCalls.deleteNotification, { params: { notificationUuid: uuid } }),
    onSuccess: refresh,
  });
  const readAll = useMutation({
    mutationFn: () => callApi(notificationCalls.readAllNotifications, {}),
    onSuccess: refresh,
  });
  return { read, dismiss, readAll };
}

/** GET|PUT /me/notification-preferences. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => callApi(notificationCalls.getNotificationPreferences, { signal }),
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreference[]) =>
      callApi(notificationCalls.putNotificationPreferences, { body: { preferences } }),
    onSuccess: (data) => {
      queryClient.setQueryData(notificationKeys.preferences(), data);
      notifySuccess('Preferences Saved', 'Your notification preferences are saved.');
    },
  });
}
