import { useEffect, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { Text } from '@mantine/core';
import { openConfirmModal } from './modals';

/**
 * Unsaved changes are not lost by a slip: leaving for another screen asks first, and closing or reloading the tab
 * gets the browser's own question. `what` says what would be lost ("The routes have unsaved changes…").
 */
export function useLeaveGuard(dirty: boolean, what: ReactNode) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    openConfirmModal({
      title: 'Leave without saving?',
      centered: true,
      children: <Text size="sm">{what}</Text>,
      labels: { confirm: 'Leave without saving', cancel: 'Stay' },
      confirmProps: { color: 'red' },
      onConfirm: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
      onClose: () => {
        if (blocker.state === 'blocked') blocker.reset();
      },
    });
    // `what` is read when the question opens; a new element each render must not open it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}
