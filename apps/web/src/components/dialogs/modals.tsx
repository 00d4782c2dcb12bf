import { modals } from '@mantine/modals';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { laterPart, useAfterFirstInput } from '../../lib/use-after-first-input';

// Mantine's Modal (with ScrollArea, focus trap, scroll lock and floating-ui) is not drawn by the first screen: its
// host loads after it, or when a dialog is asked for first (decision 047).
const ModalsHost = lazy(laterPart(() => import('./modals-host')));

let asked = false;
let mounted = false;
const listeners = new Set<() => void>();
const waiting: (() => void)[] = [];
const notify = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

function onMounted(): void {
  mounted = true;
  waiting.splice(0).forEach((resolve) => resolve());
}

/** Resolves once the dialogs' host listens; asks for it if the first screen has not loaded it yet. */
function whenHostReady(): Promise<void> {
  if (mounted) return Promise.resolve();
  if (!asked) {
    asked = true;
    notify();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

/** Opens a confirm dialog (Mantine's `modals.openConfirmModal`), through the host once it is there. */
export function openConfirmModal(props: Parameters<typeof modals.openConfirmModal>[0]): void {
  void whenHostReady().then(() => modals.openConfirmModal(props));
}

/** Where the signed-in frame's confirm dialogs are drawn: mounted at the first input, or at the first dialog. */
export function ModalsSlot() {
  const ready = useAfterFirstInput();
  const wanted = useSyncExternalStore(
    subscribe,
    () => asked,
    () => false,
  );
  if (!ready && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsHost onMounted={onMounted} />
    </Suspense>
  );
}
