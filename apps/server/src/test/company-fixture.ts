import { Agent } from './agent.js';
import { createCompany, createUser, TEST_PASSWORD } from './factories.js';
import type { TestApp } from './test-app.js';

/**
 * Two companies with the people a company-scoped test needs: an admin and a driver of A, an admin of B, each
 * signed in. `base` is the admin path of company A.
 */
export async function twoCompanies(t: TestApp) {
  const db = t.database.db;
  const companyA = await createCompany(db);
  const companyB = await createCompany(db, { type: 'courier' });
  const adminAUser = await createUser(db, { company: companyA, roles: ['company-admin'] });
  const driverAUser = await createUser(db, { company: companyA, roles: ['driver'] });
  const adminBUser = await createUser(db, { company: companyB, roles: ['company-admin'] });
  const adminA = new Agent(t.app);
  const driverA = new Agent(t.app);
  const adminB = new Agent(t.app);
  await Promise.all([
    adminA.login(adminAUser.email, TEST_PASSWORD),
    driverA.login(driverAUser.email, TEST_PASSWORD),
    adminB.login(adminBUser.email, TEST_PASSWORD),
  ]);
  return {
    companyA,
    companyB,
    adminAUser,
    driverAUser,
    adminBUser,
    adminA,
    driverA,
    adminB,
    base: `/api/v1/c/${companyA.slug}/admin`,
    baseB: `/api/v1/c/${companyB.slug}/admin`,
  };
}
