import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { afterFirstScreen } from '../../lib/after-first-screen';
import { driverKeys } from '../../lib/driver-keys';
import { lookupsRootKey } from '../../lib/lookups/lookup-keys';
import { queryClient } from '../../lib/query-client';
import { meQueryKey, meRolesQueryKey } from '../../lib/session/query-keys';

const HOUR_MS = 60 * 60 * 1000;

/** The reads the worker keeps for offline (`PRIVATE_READS` and `LOOKUP_READS` of lib/pwa/caches.ts), by query key. */
const WORKER_KEPT_KEYS: readonly (readonly string[])[] = [
  meQueryKey,
  meRolesQueryKey,
  driverKeys.all,
  lookupsRootKey,
];

const keptByWorker = (queryKey: readonly unknown[]) =>
  WORKER_KEPT_KEYS.some((prefix) => prefix.every((part, i) => queryKey[i] === part));

/**
 * The service worker registers once the first screen is up: its precache (every file of the app, about 4 MB) would
 * otherwise take the browser's six connections while the screen loads its code and data (decision 047).
 */
export function UpdatePrompt() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstScreen(() => setReady(true), { client: queryClient }), []);
  return ready ? <RegisteredUpdatePrompt /> : null;
}

/**
 * Registers the service worker (vite-plugin-pwa, `registerType: 'prompt'`) and says when a new release is waiting:
 * the app is never swapped under a driver's thumb, and never stays old without saying so. "Reload" activates the
 * new worker and reloads the page; "Later" hides the prompt until the next start. The worker is asked for an update
 * every hour and whenever the app comes back to the foreground.
 */
function RegisteredUpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // Mounted after the first screen (above): nothing left to wait for.
    immediate: true,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      // The first worker took this page over: ask again through it for what it keeps, so that is there offline.
      if (!navigator.serviceWorker.controller)
        navigator.serviceWorker.addEventListener(
          'controllerchange',
          () => void queryClient.invalidateQueries({ predicate: (query) => keptByWorker(query.queryKey) }),
          {
            once: true,
          },
        );
      const check = () => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      };
      setInterval(check, HOUR_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
    onRegisterError(error: unknown) {
      // Plain http on another host than localhost has no service worker: the app works, just not offline.
      console.warn('The service worker could not be registered', error);
    },
  });

  if (!needRefresh) return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      shadow="lg"
      withBorder
      radius="lg"
      p="sm"
      pos="fixed"
      top={12}
      left="50%"
      w="min(420px, calc(100vw - 24px))"
      style={{ transform: 'translateX(-50%)', zIndex: 4100 }}
      data-testid="update-prompt"
    >
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Text fw={600} size="sm">
          A new version is ready
        </Text>
        <Group gap={4} wrap="nowrap">
          <Button
            size="sm"
            h={44}
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => void updateServiceWorker(true)}
          >
            Reload
          </Button>
          <CloseButton size="xl" aria-label="Later" onClick={() => setNeedRefresh(false)} />
        </Group>
      </Group>
    </Paper>
  );
}
