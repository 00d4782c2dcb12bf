import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { openConfirmModal } from '../dialogs/modals';

interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}

function openConfirm({ title, message, confirmLabel, onConfirm }: ConfirmOptions, color?: 'red'): void {
  openConfirmModal({
    title,
    centered: true,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: 'Cancel' },
    ...(color ? { confirmProps: { color } } : {}),
    onConfirm,
  });
}

/** Asks before a destructive action; the red button names what happens. Escape or Cancel does nothing. */
export function confirmDanger(options: ConfirmOptions): void {
  openConfirm(options, 'red');
}

/** Asks before a weighty but not destructive step (accepting a bid): the button names it, in the main colour. */
export function confirmAction(options: ConfirmOptions): void {
  openConfirm(options);
}
