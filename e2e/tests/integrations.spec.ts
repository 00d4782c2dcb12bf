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
