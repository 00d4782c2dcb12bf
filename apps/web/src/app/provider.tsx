import { THEME_DEFAULTS } from '@courier/contract';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, mantineTheme } from '../lib/mantine-theme';
import { queryClient } from '../lib/query-client';
import { createPersistedColorSchemeManager } from '../lib/theme';

const colorSchemeManager = createPersistedColorSchemeManager();

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={mantineTheme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={THEME_DEFAULTS.theme}
    >
      <Notifications position="top-right" zIndex={4000} />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>{children}</ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
