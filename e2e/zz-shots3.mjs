import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3378';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const actx = await browser.newContext();
const apage = await actx.newPage();
await apage.request.get(base + '/sanctum/csrf-cookie');
const xsrf = (await actx.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
const headers = { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' };
await apage.request.post(base + '/api/v1/login', { data: { email: 'admin@shipper.test', password: 'demo-password' }, headers });
const d = await apage.request.get(base + '/api/v1/c/demo-shipper/admin/delivery/d0cd8888-0bda-4e9a-a2a4-153423d7b514');
const token = (await d.json()).data.trackingToken;
for (const [w, h, tag] of [[1366, 900, 'wide'], [375, 812, 'phone']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
  await page.goto(base + '/track/' + token);
  await page.locator('[data-base-map-state="ready"]').waitFor({ timeout: 30000 }).catch(() => console.log('no map'));
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/track-${tag}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
