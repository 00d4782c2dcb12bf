import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3378';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
async function signIn(page, email) {
  await page.request.get(base + '/sanctum/csrf-cookie');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' };
  const res = await page.request.post(base + '/api/v1/login', { data: { email, password: 'demo-password' }, headers });
  console.log('login', email, res.status());
  return headers;
}
const dctx = await browser.newContext();
const dpage = await dctx.newPage();
const headers = await signIn(dpage, 'driver@courier.test');
const sent = await dpage.request.post(base + '/api/v1/driver/location', { headers, data: { points: [{ lat: 51.532, lng: -0.106, heading: 200, recordedAt: new Date().toISOString() }] } });
console.log('sent', sent.status(), await sent.text());
const list = await dpage.request.get(base + '/api/v1/driver/delivery?per_page=20');
const deliveries = (await list.json()).data;
const bakery = deliveries.find((d) => d.name.startsWith('Bakery'));
console.log('bakery', bakery?.uuid);
for (const [w, h, tag] of [[1366, 900, 'wide'], [375, 812, 'phone']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
  await signIn(page, 'admin@courier.test');
  await page.goto(base + '/DeliveryDetail/' + bakery.uuid);
  await page.locator('[data-base-map-state="ready"]').waitFor({ timeout: 30000 });
  await page.waitForTimeout(2000);
  console.log(tag, 'heading', await page.getByTestId('driver-heading').getAttribute('data-heading').catch(() => 'none'));
  const map = page.locator('[data-base-map-state="ready"]').first();
  await map.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/shots/delivery-${tag}.png` });
  await ctx.close();
}
await browser.close();
