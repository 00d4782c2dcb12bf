import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { queryClient } from '../../lib/query-client';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (vite-plugin-pwa, `registerType: 'prompt'`) and says when a new release is waiting:
 * the app is never swapped under a driver's thumb, and never stays old without saying so. "Reload" activates the
 * new worker and reloads the page; "Later" hides the prompt until the next start. The worker is asked for an update
 * every hour and whenever the app comes back to the foreground.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      // The first worker took this page over: ask again through it, so what the screens show is kept for offline.
      if (!navigator.serviceWorker.controller)
        navigator.serviceWorker.addEventListener(
          'controllerchange',
          () => void queryClient.invalidateQueries(),
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
