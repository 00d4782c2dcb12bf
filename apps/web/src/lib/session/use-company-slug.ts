import { usePersisted } from '../persist-store';

/** The slug of the company the user works in (spec section 1), or null before the session has settled it. */
export function useCompanySlug(): string | null {
  return usePersisted((state) => state.currentCompanySlug);
}
