import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';

/** Mantine's confirm dialogs' host (modals.ts loads it); `onMounted` once it listens for them. */
export default function ModalsHost({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>{null}</ModalsProvider>;
}
