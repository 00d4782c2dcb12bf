import type { Company, Role, User } from '@courier/contract';
import type { Db } from '../../db/client.js';
import { presentCompany } from './companies.presenter.js';
import { listCompaniesOfUser } from './companies.queries.js';
import { rolesInCurrentCompany } from './me.service.js';
import { loadUser } from './users.service.js';

/** What the web app's access guard reads before its first signed-in screen: GET /me, /me/role and /me/company. */
export interface SessionState {
  user: User;
  roles: Role[];
  companies: Company[];
}

/**
 * The signed-in user's session state, each part as its own call answers it, for the HTML of a signed-in screen
 * (decision 051): the page draws without first asking for them.
 */
export async function loadSessionState(
  db: Db,
  auth: { userId: string; isPlatformAdmin: boolean },
): Promise<SessionState> {
  const [user, companies] = await Promise.all([
    loadUser(db, auth.userId),
    listCompaniesOfUser(db, auth.userId),
  ]);
  const roles = await rolesInCurrentCompany(db, {
    userId: auth.userId,
    isPlatformAdmin: auth.isPlatformAdmin,
    defaultCompanySlug: user.defaultCompanySlug,
    companies,
  });
  return { user, roles, companies: companies.map(presentCompany) };
}
