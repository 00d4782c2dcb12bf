import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser } from '@playwright/test';
import { ROUTES, visitPath, type RouteEntry } from '../../apps/web/src/app/route-table.ts';
import { DEMO_ADMIN, PLATFORM_ADMIN, expectNoErrorScreen, signInThroughApi } from '../tests/fixtures.ts';

/**
 * axe on every route of the route table, light and dark (decision 041): no violation of impact serious or critical
 * of the WCAG 2 A and AA rules. Each screen is visited by the user it is for; a new route is checked without an
 * edit here.
 */

const DEMO_DRIVER = { email: 'driver@shipper.test', password: 'demo-password' };
const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * What is not ours to fix, each with its reason. MapLibre draws the map into a canvas and adds its own controls
 * markup; axe cannot read the canvas's colours and the controls' markup comes from the library.
 */
const EXCLUDED_SELECTORS = ['.maplibregl-canvas-container', '.maplibregl-ctrl-attrib'];

type Visitor = 'public' | 'office' | 'driver' | 'platform';
const USERS = { office: DEMO_ADMIN, driver: DEMO_DRIVER, platform: PLATFORM_ADMIN } as const;

function visitorOf(route: RouteEntry): Visitor {
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
            `    ${n.target.join(' ')}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`,
        )
        .join('\n');
      return `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node(s))\n${nodes}`;
    })
    .join('\n');
}

const VISITORS: Visitor[] = ['public', 'office', 'driver', 'platform'];

// One test per user and scheme, one page for all its routes: a route's violations are soft failures, so every
// route is checked and reported in one run.
for (const scheme of ['light', 'dark'] as const) {
  for (const visitor of VISITORS) {
    const routes = (ROUTES as readonly RouteEntry[]).filter((route) => visitorOf(route) === visitor);
    test(`axe finds no serious or critical violation on the ${visitor} routes, ${scheme}`, async ({
      browser,
    }) => {
      test.setTimeout(30_000 + routes.length * 15_000);
      const { context, page } = await openContext(browser, visitor, scheme);
      try {
        for (const route of routes) {
          const path = visitPath(route);
          await test.step(path, async () => {
            await page.goto(path);
            await expect(page.getByRole('heading', { name: route.title }).first()).toBeVisible();
            await expectNoErrorScreen(page);
            await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
            // Loading placeholders give way to content before colours are measured; the live stream never idles.
            await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
            let builder = new AxeBuilder({ page }).withTags(WCAG_A_AA);
            for (const selector of EXCLUDED_SELECTORS) builder = builder.exclude(selector);
            const { violations } = await builder.analyze();
            const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
            expect
              .soft(blocking.length, `${path} (${scheme}, ${visitor}):\n${describeViolations(blocking)}`)
              .toBe(0);
          });
        }
      } finally {
        await context.close();
      }
    });
  }
}
