import { DEFAULT_SUPPORT_PAGE } from '@courier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The Support Desk link (decision 061): SUPPORT_URL, read at start-up, else the web app's contact page. */
const DESK = 'https://help.example.com/desk?from=courier';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SUPPORT_URL: DESK });
});
afterAll(() => t.close());

describe('the Support Desk', () => {
  it("sends anyone, without a session, to the install's SUPPORT_URL, never from a cache", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/support' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(DESK);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("is the web app's contact page when SUPPORT_URL is not set", () => {
    expect(DEFAULT_SUPPORT_PAGE).toBe('/ContactUs');
    expect(loadConfig({}).supportUrl).toBe(DEFAULT_SUPPORT_PAGE);
    expect(loadConfig({ SUPPORT_URL: '' }).supportUrl).toBe(DEFAULT_SUPPORT_PAGE);
    expect(loadConfig({ SUPPORT_URL: DESK }).supportUrl).toBe(DESK);
  });

  it('refuses a SUPPORT_URL that is not a web address, naming the variable', () => {
    for (const bad of ['help.example.com', 'javascript:alert(1)', 'mailto:support@example.com'])
      expect(() => loadConfig({ SUPPORT_URL: bad }), bad).toThrow(ConfigError);
    expect(() => loadConfig({ SUPPORT_URL: 'ftp://help.example.com' })).toThrow(/SUPPORT_URL/);
  });
});
