import { expect, test } from '@playwright/test';
import bwip from 'bwip-js';
import { writeFileSync } from 'node:fs';
import {
  DEMO_ADMIN,
  deliveryForDriver,
  expectQueueDrained,
  PHONE,
  signInThroughApi,
  signInThroughForm,
} from './fixtures';

// Parcel labels scanned at a stop (issue 34): the phone's camera reads a real Code 128 barcode (Chromium's fake
// camera plays a video of one, so ZXing decodes it as it would a label), a typed code counts the same offline, and
// a second scan, another delivery's parcel and an unknown code are told plainly.

const DRIVER = { email: 'driver@shipper.test', password: 'demo-password' };

/** A Y4M video (what Chromium's fake camera plays) of a Code 128 barcode of `text`, black on white. */
function barcodeVideo(text: string, file: string, width = 640, height = 480) {
  const [bars] = bwip.raw({ bcid: 'code128', text }) as { sbs: number[] }[];
  const module = 3;
  const row = new Uint8Array(width).fill(235);
  let x = Math.floor((width - bars!.sbs.reduce((a, b) => a + b, 0) * module) / 2);
  bars!.sbs.forEach((w, i) => {
    if (i % 2 === 0) row.fill(16, x, x + w * module);
    x += w * module;
  });
  const luma = new Uint8Array(width * height).fill(235);
  for (let y = height / 4; y < (height * 3) / 4; y++) luma.set(row, y * width);
  const chroma = new Uint8Array((width / 2) * (height / 2)).fill(128);
  const frame = [Buffer.from('FRAME\n'), luma, chroma, chroma];
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 5 }, () => frame).flat()]));
}

interface Parcel {
  name: string;
  trackingCode: string;
  scans: { kind: string; scannedByName: string | null }[];
}

test('a driver scans the parcels at the pickup by camera and by hand, offline too; mistakes are told', async ({
  browser,
  playwright,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = await browser.newPage();
  const name = `Scanned run ${Date.now().toString(36)}`;
  const other = `Other run ${Date.now().toString(36)}`;
  const uuid = await deliveryForDriver(admin, name, DRIVER.email, {
    parcels: [{ name: 'Box A' }, { name: 'Box B' }],
  });
  const otherUuid = await deliveryForDriver(admin, other, DRIVER.email, { parcels: [{ name: 'Box C' }] });
  await signInThroughApi(admin, DEMO_ADMIN);
  const parcelsOf = async (id: string) =>
    (
      (await (
        await admin.request.get(`/api/v1/c/demo-shipper/admin/delivery/parcel?deliveryUuid=${id}`)
      ).json()) as {
        data: Parcel[];
      }
    ).data;
  const parcels = await parcelsOf(uuid);
  const code = (n: string) => parcels.find((p) => p.name === n)!.trackingCode;
  const video = testInfo.outputPath('label.y4m');
  barcodeVideo(code('Box A'), video);

  // The phone: a browser whose camera shows Box A's label.
  const phone = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const context = await phone.newContext({
    ...PHONE,
    baseURL: testInfo.project.use.baseURL,
    permissions: ['camera'],
  });
  const page = await context.newPage();
  await signInThroughForm(page, DRIVER, '/DriverDashboard');
  await page.goto(`/DriverDeliveryDetail/${uuid}`);
  const stop = page.getByRole('region', { name: 'To collect here' });
  await stop.getByRole('button', { name: 'Scan parcels' }).click();
  const scanner = page.getByRole('dialog', { name: 'Scan parcels · stop 1' });
  const result = scanner.getByTestId('scan-result');
  await expect(result).toContainText('Box A: collected.', { timeout: 60_000 });
  await expect(scanner.getByTestId('scan-count')).toHaveText('1 of 2 scanned here');

  // No signal: a typed code is checked and kept on the phone all the same.
  await context.setOffline(true);
  const typed = scanner.getByLabel('Or type the code under the barcode');
  await typed.fill(` ${code('Box B').toLowerCase()} `);
  await typed.press('Enter');
  await expect(result).toContainText('Box B: collected.');
  await expect(scanner.getByTestId('scan-count')).toHaveText('2 of 2 scanned here');
  await typed.fill(code('Box B'));
  await typed.press('Enter');
  await expect(result).toContainText('“Box B” was scanned here already');
  const otherCode = (await parcelsOf(otherUuid))[0]!.trackingCode;
  await typed.fill(otherCode);
  await typed.press('Enter');
  await expect(result).toContainText(`it is on your delivery “${other}”`);
  await typed.fill('NOSUCHCODE');
  await typed.press('Enter');
  await expect(result).toContainText('No parcel of this delivery has the code NOSUCHCODE');
  await context.setOffline(false);
  await scanner.getByRole('button', { name: 'Done' }).click();
  await expectQueueDrained(page);
  await expect(stop.getByTestId('parcel-scanned')).toHaveCount(2);
  await phone.close();

  // The office sees both parcels collected, by the driver, once each.
  await expect
    .poll(async () => (await parcelsOf(uuid)).map((p) => p.scans.map((s) => s.kind).join()).sort())
    .toEqual(['pickup', 'pickup']);
  await admin.goto(`/DeliveryDetail/${uuid}`);
  await expect(admin.getByText(/Collected .* by /)).toHaveCount(2);
  await admin.close();
});
