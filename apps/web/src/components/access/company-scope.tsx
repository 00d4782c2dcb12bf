import { createContext, useContext } from 'react';

/** The company an admin screen works on, provided by AdminGate once it knows the user administers it. */
export const CompanyScopeContext = createContext<string | null>(null);

/** The current company's slug inside an AdminGate; outside one it is a programming error. */
export function useScopedCompanySlug(): string {
  const slug = useContext(CompanyScopeContext);
  if (slug === null) throw new Error('useScopedCompanySlug is used outside an AdminGate');
  return slug;
}
