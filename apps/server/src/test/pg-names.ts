/**
 * The template database the server tests clone per test file. `TEST_TEMPLATE_DB` names another, so two checkouts
 * (or CI and a developer) can run the PostgreSQL tests on one server at once without dropping each other's template.
 */
export const TEMPLATE_DB = process.env.TEST_TEMPLATE_DB ?? 'courier_test_template';

export function databaseUrlWithName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
