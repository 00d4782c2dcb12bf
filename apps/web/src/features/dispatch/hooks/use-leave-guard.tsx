import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Text } from '@mantine/core';
import { openConfirmModal } from '../../../components/dialogs/modals';

/**
 * Unsaved route changes are not lost by a slip: leaving for another screen asks first, and closing or reloading the
 * tab gets the browser's own question.
 */
export function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    openConfirmModal({
      title: 'Leave without saving?',
      centered: true,
      children: (
        <Text size="sm">
          The routes have unsaved changes: they are lost if you leave. Save or discard them first to keep the
          board as you want it.
        </Text>
      ),
      labels: { confirm: 'Leave without saving', cancel: 'Stay' },
      confirmProps: { color: 'red' },
      onConfirm: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
      onClose: () => {
        if (blocker.state === 'blocked') blocker.reset();
      },
    });
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}
