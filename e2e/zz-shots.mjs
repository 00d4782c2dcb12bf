import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3378';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
async function signIn(page, email) {
  await page.request.get(base + '/sanctum/csrf-cookie');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post(base + '/api/v1/login', {
    data: { email, password: 'demo-password' },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
  });
  console.log('login', email, res.status());
  await page.goto(base + '/');
}
for (const [w, h, tag] of []) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
  await signIn(page, 'admin@courier.test');
  await page.goto(base + '/ActiveDeliveriesMap');
  await page.locator('[data-base-map-state="ready"]').waitFor({ timeout: 30000 });
  await page.waitForTimeout(2000);
  console.log(tag, 'depot markers', await page.getByTestId('depot-marker').count());
  await page.screenshot({ path: `/tmp/shots/active-${tag}.png` });
  await ctx.close();
}
const ctx = await browser.newContext({ viewport: { width: 375, height: 812 }, geolocation: { latitude: 51.5362, longitude: -0.1406 }, permissions: ['geolocation'], isMobile: true, hasTouch: true });
const page = await ctx.newPage();
page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
await signIn(page, 'driver@courier.test');
await page.goto(base + '/DriverDashboard');
await page.waitForTimeout(6000);
console.log('driver url', page.url());
await page.screenshot({ path: '/tmp/shots/driver-home.png', fullPage: true });
const btn = page.getByRole('button', { name: 'Where am I?' });
console.log('where-am-i buttons', await btn.count(), 'phase', await page.getByTestId('sharing-state').getAttribute('data-phase').catch(() => 'none'));
if (await btn.count()) {
  await btn.click();
  await page.getByTestId('where-am-i-answer').waitFor({ timeout: 10000 });
  console.log('answer', await page.getByTestId('where-am-i-answer').textContent());
  await page.getByTestId('location-sharing').screenshot({ path: '/tmp/shots/driver-where.png' });
}
await browser.close();
