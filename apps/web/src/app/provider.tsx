import { THEME_DEFAULTS } from '@courier/contract/plain';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastHost } from '../components/notifications/toast-host';
import { mantineTheme } from '../lib/mantine-theme';
import { queryClient } from '../lib/query-client';
import { createPersistedColorSchemeManager } from '../lib/theme';

const colorSchemeManager = createPersistedColorSchemeManager();

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={mantineTheme}
      // The theme's CSS variables are a static file (styles/theme-variables.css, held equal to what Mantine would
      // write by lib/theme-variables.test.tsx): the first render does not build them (decision 051).
      withCssVariables={false}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={THEME_DEFAULTS.theme}
    >
      <ToastHost />
      <QueryClientProvider client={queryClient}>
        {/* The confirm dialogs' provider is in the signed-in frame (features/shell), where they open: Mantine's
            Modal is not on the sign-in screen's first load (decision 042). */}
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
