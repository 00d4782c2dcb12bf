import { randomBytes } from 'node:crypto';

/**
 * A template database of its own for each test run, which every test file clones: two checkouts (or CI and a
 * developer) can run the PostgreSQL tests on one server at once without dropping each other's template.
 */
export function newTemplateName(): string {
  return `courier_test_tpl_${randomBytes(5).toString('hex')}`;
}

export function databaseUrlWithName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
