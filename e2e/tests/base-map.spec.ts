import { expect, test, type Page } from '@playwright/test';
import { createDelivery, expectNoErrorScreen, signInThroughApi } from './fixtures.ts';

// The map the app opens last, set under automation only (components/delivery-map/base-map/base-map-view.tsx).
interface TestMap {
  getStyle(): { layers: { id: string }[] };
  getPaintProperty(layer: string, name: string): unknown;
  project(lngLat: [number, number]): { x: number; y: number };
  queryRenderedFeatures(point: [number, number], options: { layers: string[] }): unknown[];
}
declare global {
  interface Window {
    __courierMap?: TestMap;
  }
}

/** Share of the canvas's pixels within a small distance of an RGB colour, read from a screenshot of the canvas. */
async function shareOfColour(page: Page, png: Buffer, hex: string): Promise<number> {
  return page.evaluate(
    async ({ data, hex }) => {
      // Decoded by hand: the app's CSP does not let fetch() read a data: URL.
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      let near = 0;
      for (let i = 0; i < pixels.length; i += 4)
        if (Math.abs(pixels[i]! - r!) + Math.abs(pixels[i + 1]! - g!) + Math.abs(pixels[i + 2]! - b!) < 12)
          near++;
      return near / (pixels.length / 4);
    },
    { data: png.toString('base64'), hex },
  );
}

test('the delivery map draws land under London with the built-in base map, in light and dark', async ({
  page,
}) => {
  await signInThroughApi(page);
  const name = `E2E base map ${Date.now().toString(36)}`;
  const uuid = await createDelivery(page, name);
  await page.goto(`/DeliveryDetail/${uuid}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // MAP_OFFLINE in the test server (start-server.mjs): the map shipped with the app, which needs no network.
  const map = page.getByTestId('delivery-map');
  await expect(map).toHaveAttribute('data-base-map', 'builtin');
  await expect(map).toHaveAttribute('data-base-map-state', 'ready');
  await expect(map.getByRole('img', { name: 'Step 1: pickup' })).toBeVisible();
  await expect(map.getByText('Natural Earth')).toBeVisible();
  await expect(map.getByText(/^\d+\s(mi|ft)$/)).toBeVisible();

  const layers = await page.evaluate(() => window.__courierMap?.getStyle().layers.map((l) => l.id));
  // The base map's layers, with the route line and the driver's travelled track over them.
  expect(layers).toEqual([
    'ne-water',
    'ne-land',
    'ne-coast',
    'ne-borders',
    'app-route-casing',
    'app-route-line',
    'app-track-line',
  ]);

  // The first step (Islington) is on land as drawn.
  const onLand = await page.evaluate(() => {
    const m = window.__courierMap!;
    const { x, y } = m.project([-0.1033, 51.5362]);
    return m.queryRenderedFeatures([x, y], { layers: ['ne-land'] }).length;
  });
  expect(onLand).toBeGreaterThan(0);

  // And the canvas really shows it: most of it is the land's colour, not a uniform grey.
  const canvas = map.locator('canvas.maplibregl-canvas');
  expect(await shareOfColour(page, await canvas.screenshot(), '#f3f1ea')).toBeGreaterThan(0.5);

  // The dark theme redraws the same map in dark colours.
  await page.getByRole('button', { name: 'Theme: Light' }).click();
  await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => window.__courierMap?.getPaintProperty('ne-land', 'fill-color')))
    .toBe('#2b2e33');
  await expect(map).toHaveAttribute('data-base-map-state', 'ready');
  await expect
    .poll(async () => shareOfColour(page, await canvas.screenshot(), '#2b2e33'))
    .toBeGreaterThan(0.5);
  await expect(map.getByRole('img', { name: 'Step 1: pickup' })).toBeVisible();
  await expectNoErrorScreen(page);
});

test.describe('the default street map out of reach', () => {
  // The fakes below are the page's own requests: no service worker may answer them first.
  test.use({ serviceWorkers: 'block' });

  test('gives way to the built-in map at once, showing land while it loads, never a blue or grey canvas', async ({
    page,
  }) => {
    await signInThroughApi(page);
    const name = `E2E street map ${Date.now().toString(36)}`;
    const uuid = await createDelivery(page, name);

    // What a server with nothing configured answers (apps/server chooseBaseMap), in a browser that cannot reach
    // OpenFreeMap: the style is held until the loading map has been looked at, then fails as an unreachable host does.
    await page.route('**/api/v1/map/config', (route) =>
      route.fulfill({
        json: {
          data: {
            kind: 'style',
            styleUrl: 'https://tiles.openfreemap.org/styles/liberty',
            styleUrlDark: 'https://tiles.openfreemap.org/styles/dark',
            attribution: '',
          },
        },
      }),
    );
    let releaseStyle = () => {};
    const styleHeld = new Promise<void>((resolve) => (releaseStyle = resolve));
    const styleAsked: string[] = [];
    await page.route('https://tiles.openfreemap.org/**', async (route) => {
      styleAsked.push(route.request().url());
      await styleHeld;
      await route.abort('internetdisconnected');
    });

    await page.goto(`/DeliveryDetail/${uuid}`);
    const map = page.getByTestId('delivery-map');
    await expect(map).toHaveAttribute('data-base-map', 'style');
    await expect.poll(() => styleAsked).toContain('https://tiles.openfreemap.org/styles/liberty');
    // While the street style loads the frame shows the built-in map's land through the clear canvas.
    await expect(map).toHaveCSS('background-color', 'rgb(243, 241, 234)');
    expect(await shareOfColour(page, await map.screenshot(), '#f3f1ea')).toBeGreaterThan(0.8);

    // Still the street style, so what follows is its failure, not the time-out.
    await expect(map).toHaveAttribute('data-base-map', 'style');
    releaseStyle();
    // Well inside the 10 s given to a style that hangs: the failed fetch itself is the signal.
    await expect(map).toHaveAttribute('data-base-map', 'builtin', { timeout: 5_000 });
    await expect(map).toHaveAttribute('data-base-map-state', 'fallback');
    await expect
      .poll(() => page.evaluate(() => window.__courierMap?.getStyle().layers.map((l) => l.id)))
      .toContain('ne-land');
    await expect(map.getByText('Natural Earth')).toBeVisible();
    const canvas = map.locator('canvas.maplibregl-canvas');
    await expect
      .poll(async () => shareOfColour(page, await canvas.screenshot(), '#f3f1ea'))
      .toBeGreaterThan(0.5);
    await expect(map.getByRole('img', { name: 'Step 1: pickup' })).toBeVisible();
    await expectNoErrorScreen(page);
  });
});
