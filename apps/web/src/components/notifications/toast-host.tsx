import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const ToastContainer = lazy(() => import('./toast-container'));

/**
 * Mantine's toasts, mounted when the first one is shown: most first loads show none, so the container and its
 * transitions are not part of them (decision 042). The store keeps what was shown meanwhile; it appears on mount.
 */
export function ToastHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" zIndex={4000} />
    </Suspense>
  );
}
