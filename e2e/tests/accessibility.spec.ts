import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ROUTES, visitPath, type RouteEntry } from '../../apps/web/src/app/route-table.ts';
import { DEMO_ADMIN, PLATFORM_ADMIN, expectNoErrorScreen, signInThroughApi } from './fixtures.ts';

/**
 * axe on every route of the route table (decision 041): no violation of impact serious or critical of the WCAG 2 A
 * and AA rules. Each screen is visited by the user it is for, in the light theme; a new route is checked without an
 * edit here. The dark theme is checked on a sample of screens that together show every kind of component (forms,
 * tables, cards, charts, badges, menus, the driver's screens, the marketing pages): its colours come from the theme
 * (`lib/mantine-theme.ts`), not from the screens, so a sample finds what the whole would.
 */

const DEMO_DRIVER = { email: 'driver@shipper.test', password: 'demo-password' };
const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** The routes checked in the dark theme too (ids of the route table). */
const DARK_SAMPLE = new Set([
  'home',
  'login',
  'registerBoxed',
  'pricing',
  'companyDashboard',
  'deliveryAddEasy',
  'vehicleManage',
  'driversManage',
  'deliveryCalendar',
  'companyProfile',
  'notifications',
  'bidsOpen',
  'mailbox',
  'driverDashboard',
  'platformMail',
]);

/**
 * What is not ours to fix, each with its reason. MapLibre draws the map into a canvas and adds its own controls
 * markup; axe cannot read the canvas's colours and the controls' markup comes from the library.
 */
const EXCLUDED_SELECTORS = ['.maplibregl-canvas-container', '.maplibregl-ctrl-attrib'];

/** Loading placeholders: colours are measured once the content they stand for has come. */
const LOADING = '[aria-busy="true"], .mantine-Skeleton-root, .mantine-Loader-root';

type Visitor = 'public' | 'office' | 'driver' | 'platform';
const USERS = { office: DEMO_ADMIN, driver: DEMO_DRIVER, platform: PLATFORM_ADMIN } as const;

function visitorOf(route: RouteEntry): Visitor | null {
  // The lock screen is a locked session's: without one it goes to /login (issue 33); lock-screen.spec checks it.
  if (route.id === 'lockscreen') return null;
  if (route.layout === 'blank') return 'public';
  return route.audience ?? 'office';
}

/** The theme is the app's own setting (stored, light by default): set it, and the browser's scheme with it. */
async function openContext(browser: Browser, visitor: Visitor, scheme: 'light' | 'dark') {
  const context = await browser.newContext({ colorScheme: scheme, reducedMotion: 'reduce' });
  await context.addInitScript((theme) => {
    const key = 'persist:root';
    let stored: Record<string, unknown> = { version: 1, isLoggedIn: false, currentCompanySlug: null };
    try {
      stored = { ...stored, ...(JSON.parse(window.localStorage.getItem(key) ?? '{}') as object) };
    } catch {
      // a broken value is replaced
    }
    window.localStorage.setItem(key, JSON.stringify({ ...stored, theme }));
  }, scheme);
  const page = await context.newPage();
  if (visitor !== 'public') await signInThroughApi(page, USERS[visitor]);
  return { context, page };
}

function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 3)
        .map(
          (n) =>
            `    ${n.target.join(' ')}  ${n.html.slice(0, 200)}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
        )
        .join('\n');
      return `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node(s))\n${nodes}`;
    })
    .join('\n');
}

/**
 * The first route loads the app; the next ones are reached inside it, as a user moves between screens (the router
 * follows the history's popstate), so each check does not pay for loading and starting the whole app again.
 */
async function open(page: Page, path: string, first: boolean) {
  if (first) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

async function checkRoute(
  page: Page,
  route: RouteEntry,
  scheme: 'light' | 'dark',
  visitor: Visitor,
  first: boolean,
) {
  const path = visitPath(route);
  await open(page, path, first);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('heading', { name: route.title }).first()).toBeVisible();
  await expectNoErrorScreen(page);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  await expect(page.locator(LOADING), `${path} is still loading`).toHaveCount(0);
  let builder = new AxeBuilder({ page }).withTags(WCAG_A_AA);
  for (const selector of EXCLUDED_SELECTORS) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  expect.soft(blocking.length, `${path} (${scheme}, ${visitor}):\n${describeViolations(blocking)}`).toBe(0);
}

const VISITORS: Visitor[] = ['public', 'office', 'driver', 'platform'];

// One test per user and scheme, one page for all its routes: a route's violations are soft failures, so every
// route is checked and reported in one run.
for (const scheme of ['light', 'dark'] as const) {
  for (const visitor of VISITORS) {
    const routes = (ROUTES as readonly RouteEntry[]).filter(
      (route) => visitorOf(route) === visitor && (scheme === 'light' || DARK_SAMPLE.has(route.id)),
    );
    if (routes.length === 0) continue;
    test(`axe finds no serious or critical violation on the ${visitor} routes, ${scheme}`, async ({
      browser,
    }) => {
      test.setTimeout(30_000 + routes.length * 10_000);
      const { context, page } = await openContext(browser, visitor, scheme);
      try {
        for (const [i, route] of routes.entries()) {
          await test.step(visitPath(route), () => checkRoute(page, route, scheme, visitor, i === 0));
        }
      } finally {
        await context.close();
      }
    });
  }
}

test('the dark sample names only routes of the route table', () => {
  const ids = new Set((ROUTES as readonly RouteEntry[]).map((route) => route.id));
  expect([...DARK_SAMPLE].filter((id) => !ids.has(id))).toEqual([]);
});
