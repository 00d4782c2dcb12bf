import {
  NOTIFICATION_AUTO_CLOSE_MS,
  NOTIFICATION_COLORS,
  NOTIFICATION_DUPLICATE_CACHE_SIZE,
  NOTIFICATION_DUPLICATE_WINDOW_MS,
} from '@courier/contract/plain';
import { notifications } from '@mantine/notifications';
import { createDuplicateGuard } from './duplicate-guard';
import { errorTitle, normalizeError } from './errors';

export type NotificationType = keyof typeof NOTIFICATION_COLORS;

export interface NotifyInput {
  type: NotificationType;
  title: string;
  message: string;
}

const guard = createDuplicateGuard({
  windowMs: NOTIFICATION_DUPLICATE_WINDOW_MS,
  maxEntries: NOTIFICATION_DUPLICATE_CACHE_SIZE,
});

/** Shows a notification unless an identical one (type, title, message) was shown within the duplicate window. */
export function notify({ type, title, message }: NotifyInput): string | null {
  if (!guard.shouldShow(JSON.stringify([type, title, message]))) return null;
  return notifications.show({
    color: NOTIFICATION_COLORS[type],
    title,
    message,
    autoClose: NOTIFICATION_AUTO_CLOSE_MS,
    withBorder: true,
    withCloseButton: true,
  });
}

export const notifySuccess = (title: string, message: string) => notify({ type: 'success', title, message });

/** The red "Error <status>" notification of spec section 8. */
export function notifyError(error: unknown): string | null {
  const normalized = normalizeError(error);
  return notify({ type: 'error', title: errorTitle(normalized), message: normalized.message });
}

export function dismissNotification(id: string): void {
  notifications.hide(id);
}
