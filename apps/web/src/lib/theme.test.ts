import { PERSIST } from '@courier/contract';
import { describe, expect, it, vi } from 'vitest';
import { persistStore, purgePersisted } from './persist-store';
import {
  colorSchemeToTheme,
  createPersistedColorSchemeManager,
  nextTheme,
  themeToColorScheme,
} from './theme';

describe('theme cycle (spec section 4 "Theme")', () => {
  it('goes light, dark, system, then light again', () => {
    expect(nextTheme('light')).toBe('dark');
    expect(nextTheme('dark')).toBe('system');
    expect(nextTheme('system')).toBe('light');
  });

  it('maps system to Mantine auto (follow the device) and back', () => {
    expect(themeToColorScheme('system')).toBe('auto');
    expect(themeToColorScheme('dark')).toBe('dark');
    expect(colorSchemeToTheme('auto')).toBe('system');
    expect(colorSchemeToTheme('light')).toBe('light');
  });
});

describe('persisted colour scheme manager', () => {
  it('stores the theme under the one persisted key and follows a purge', () => {
    purgePersisted();
    const manager = createPersistedColorSchemeManager();
    const onUpdate = vi.fn();
    manager.subscribe(onUpdate);

    manager.set('dark');
    expect(persistStore.get().theme).toBe('dark');
    expect(JSON.parse(window.localStorage.getItem(PERSIST.rootKey) ?? '{}')).toMatchObject({
      version: 1,
      theme: 'dark',
    });
    expect(manager.get('light')).toBe('dark');
    expect(onUpdate).toHaveBeenLastCalledWith('dark');

    // Setting the same value again does not echo back (Mantine calls set from inside onUpdate).
    onUpdate.mockClear();
    manager.set('dark');
    expect(onUpdate).not.toHaveBeenCalled();

    purgePersisted();
    expect(onUpdate).toHaveBeenLastCalledWith('light');
    expect(window.localStorage.getItem(PERSIST.rootKey)).toBeNull();
    manager.unsubscribe();
  });
});
