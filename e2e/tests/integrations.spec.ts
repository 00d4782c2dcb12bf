import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectNoErrorScreen, signInThroughApi } from './fixtures.ts';

/** The demo admin's company, whose deliveries the key lists. */
const DELIVERIES = '/api/v1/c/demo-shipper/admin/delivery';

// The Copy button writes the secret to the clipboard, which the test reads back.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test("an admin creates an API key, a client's system calls with it, and once revoked it is refused at once (decision 065)", async ({
  page,
  request,
}) => {
  await signInThroughApi(page);
  await page.goto('/AccountPages/Integrations');
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
  await expectNoErrorScreen(page);

  // Created with the default scopes: read, create and change deliveries.
  const name = `E2E shop ${Date.now()}`;
  await page.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('dialog', { name: 'Create API key' });
  await expect(form.getByRole('checkbox', { name: 'Read deliveries' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Create and change deliveries' })).toBeChecked();
  await form.getByLabel(/^Name/).fill(name);
  await form.getByRole('button', { name: 'Create key' }).click();

  // The secret, shown this once, copied as a user would.
  const shown = page.getByRole('dialog', { name: 'Copy your key now' });
  await expect(shown.getByText('It will not be shown again')).toBeVisible();
  const secret = await shown.getByLabel(/^Secret of/).inputValue();
  expect(secret).toMatch(/^ck_live_[\w-]{40,}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expect(shown.getByTestId('api-key-curl')).toHaveText(
    `curl -H "Authorization: Bearer ${secret}" ${new URL(page.url()).origin}${DELIVERIES}`,
  );

  // The client's system: no session, no cookie, only the key (the request fixture shares nothing with the page).
  const listed = await request.get(DELIVERIES, { headers: { Authorization: `Bearer ${secret}` } });
  expect(listed.status(), await listed.text()).toBe(200);

  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  const row = page.locator('tbody tr', { hasText: name });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText(`${secret.slice(0, 12)}…`)).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);

  // Revoked after the admin confirms; its next call is refused.
  await row.getByRole('button', { name: `Revoke the API key ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke “${name}”?` });
  await expect(confirm.getByText(/Calls with this key will be refused at once/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('API Key Revoked')).toBeVisible();
  await expect(row.getByText('Revoked', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

  const refused = await request.get(DELIVERIES, { headers: { Authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A company's system that takes webhooks: every POST kept, each answered 204 (no body). */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/courier-${Date.now()}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

/**
 * Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, the key the base64 after `whsec_`;
 * the header may hold several, space-separated.
 */
function signatureVerifies(secret: string, message: Received): boolean {
  const id = header(message.headers, 'webhook-id');
  const timestamp = header(message.headers, 'webhook-timestamp');
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${message.body}`).digest('base64');
  return header(message.headers, 'webhook-signature').split(' ').includes(`v1,${expected}`);
}

// The e2e server allows webhooks to private addresses (WEBHOOKS_ALLOW_PRIVATE_TARGETS in start-server.mjs): the
// receiver listens on 127.0.0.1.
test('an admin adds a webhook endpoint, copies its secret, sends it a test event that verifies, and sees the try in its log (decision 066)', async ({
  page,
}) => {
  const receiver = await startReceiver();
  try {
    await signInThroughApi(page);
    await page.goto('/AccountPages/Integrations');
    await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
    await expectNoErrorScreen(page);

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    await form.getByLabel(/^URL/).fill(receiver.url);
    await form.getByLabel(/^Description/).fill('E2E receiver');
    await form.getByRole('checkbox', { name: 'All delivery events' }).check();
    await expect(form.getByRole('checkbox', { name: 'A delivery is created' })).toBeChecked();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret, shown this once, copied as a user would.
    const shown = page.getByRole('dialog', { name: 'Copy your signing secret now' });
    await expect(shown.getByText('It will not be shown again')).toBeVisible();
    const secret = await shown.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{40,}={0,2}$/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(secret);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    const row = page.locator('tbody tr', { hasText: receiver.url });
    await expect(row.getByText('On', { exact: true })).toBeVisible();
    await expect(row.getByText(`${secret.slice(0, 10)}…`)).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    const menu = row.getByRole('button', { name: `Actions for the endpoint ${receiver.url}` });
    await menu.click();
    await page.getByRole('menuitem', { name: 'Send test event' }).click();
    await expect(page.getByText('Test Event Sent')).toBeVisible();

    // The receiver got the test event, signed with the secret the admin copied.
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const message = receiver.received[0]!;
    expect(header(message.headers, 'content-type')).toContain('application/json');
    expect((JSON.parse(message.body) as { type: string }).type).toBe('webhook.test');
    expect(header(message.headers, 'webhook-id')).not.toBe('');
    expect(signatureVerifies(copied, message)).toBe(true);

    // Its try in the log: answered 204, the message delivered (the try is written just after the answer came).
    await menu.click();
    await page.getByRole('menuitem', { name: 'View log' }).click();
    const log = page.getByRole('dialog', { name: 'Webhook log' });
    const attempt = log.getByRole('button', { name: /^webhook\.test/ });
    await expect(async () => {
      await log.getByRole('button', { name: 'Refresh' }).click();
      await expect(attempt).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(attempt).toContainText('204');
    await expect(attempt).toContainText('Delivered');
    await attempt.click();
    await expect(log.getByRole('region').getByTestId('webhook-attempt-body')).toContainText(
      '"type": "webhook.test"',
    );
  } finally {
    await receiver.close();
  }
});
