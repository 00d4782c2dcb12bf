import { PERSIST, THEME_DEFAULTS, THEME_VALUES, type ThemeValue } from '@courier/contract/plain';
import { createStore, useStore } from './create-store';

/**
 * Client state that survives a reload: the session flag, the current company and the theme. It lives in
 * localStorage under one versioned key; a stored value of another version or shape is dropped.
 */
export interface PersistedState {
  isLoggedIn: boolean;
  currentCompanySlug: string | null;
  theme: ThemeValue;
}

export const initialPersistedState: PersistedState = {
  isLoggedIn: false,
  currentCompanySlug: null,
  theme: THEME_DEFAULTS.theme,
};

/**
 * The stored value when it has this version and shape, else null. A hand check rather than a zod schema: this module
 * is part of the first load, which zod stays out of (decision 045).
 */
function storedState(value: unknown): PersistedState | null {
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Record<string, unknown>;
  const { isLoggedIn, currentCompanySlug, theme } = stored;
  if (stored.version !== PERSIST.version || typeof isLoggedIn !== 'boolean') return null;
  if (currentCompanySlug !== null && typeof currentCompanySlug !== 'string') return null;
  if (!(THEME_VALUES as readonly unknown[]).includes(theme)) return null;
  return { isLoggedIn, currentCompanySlug, theme: theme as ThemeValue };
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (private mode, policies)
  }
}

export function readPersistedState(from: Storage | null = storage()): PersistedState {
  const raw = from?.getItem(PERSIST.rootKey);
  if (!raw) return initialPersistedState;
  try {
    return storedState(JSON.parse(raw)) ?? initialPersistedState;
  } catch {
    return initialPersistedState;
  }
}

export const persistStore = createStore<PersistedState>(readPersistedState());

persistStore.subscribe(() => {
  const state = persistStore.get();
  const target = storage();
  if (!target) return;
  if (state === initialPersistedState) target.removeItem(PERSIST.rootKey);
  else target.setItem(PERSIST.rootKey, JSON.stringify({ version: PERSIST.version, ...state }));
});

export function updatePersisted(patch: Partial<PersistedState>): void {
  persistStore.set((previous) => {
    const changed = (Object.keys(patch) as (keyof PersistedState)[]).some(
      (key) => patch[key] !== previous[key],
    );
    return changed ? { ...previous, ...patch } : previous;
  });
}

/** Sign-out and session expiry: every persisted value returns to its initial value and the key is removed. */
export function purgePersisted(): void {
  persistStore.set(initialPersistedState);
  storage()?.removeItem(PERSIST.rootKey);
}

export function usePersisted<S>(selector: (state: PersistedState) => S): S {
  return useStore(persistStore, selector);
}
