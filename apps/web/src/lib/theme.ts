import { THEME_VALUES, type ThemeValue } from '@courier/contract/plain';
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { persistStore, updatePersisted } from './persist-store';

/** One button cycles light, dark, system, light (spec section 4 "Theme"). */
export function nextTheme(current: ThemeValue): ThemeValue {
  const index = THEME_VALUES.indexOf(current);
  return THEME_VALUES[(index + 1) % THEME_VALUES.length] ?? 'light';
}

/** Mantine calls "follow the device" `auto`; the product calls it `system`. */
export function themeToColorScheme(theme: ThemeValue): MantineColorScheme {
  return theme === 'system' ? 'auto' : theme;
}

export function colorSchemeToTheme(scheme: MantineColorScheme): ThemeValue {
  return scheme === 'auto' ? 'system' : scheme;
}

export const THEME_LABELS: Record<ThemeValue, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/**
 * Keeps Mantine's colour scheme in the persisted store (one localStorage key for all client state) instead of
 * Mantine's own key, and follows resets of that store (sign-out) back into Mantine.
 */
export function createPersistedColorSchemeManager(): MantineColorSchemeManager {
  let unsubscribe: (() => void) | null = null;
  return {
    get: () => themeToColorScheme(persistStore.get().theme),
    set: (value) => updatePersisted({ theme: colorSchemeToTheme(value) }),
    subscribe(onUpdate) {
      unsubscribe?.();
      let seen = persistStore.get().theme;
      unsubscribe = persistStore.subscribe(() => {
        const { theme } = persistStore.get();
        if (theme === seen) return;
        seen = theme;
        onUpdate(themeToColorScheme(theme));
      });
    },
    unsubscribe() {
      unsubscribe?.();
      unsubscribe = null;
    },
    clear: () => updatePersisted({ theme: 'light' }),
  };
}
