import { PERSIST, THEME_DEFAULTS, THEME_VALUES, type ThemeValue } from '@courier/contract';
import { z } from 'zod';
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

const StoredSchema = z.object({
  version: z.literal(PERSIST.version),
  isLoggedIn: z.boolean(),
  currentCompanySlug: z.string().nullable(),
  theme: z.enum(THEME_VALUES),
});

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
    const parsed = StoredSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return initialPersistedState;
    const { isLoggedIn, currentCompanySlug, theme } = parsed.data;
    return { isLoggedIn, currentCompanySlug, theme };
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
