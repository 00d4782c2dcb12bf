import { expect, test } from '@playwright/test';

test('a visitor writes to the team through the contact form, which checks each field first', async ({
  page,
}) => {
  await page.goto('/ContactUs');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Give your name.')).toBeVisible();
  await expect(form.getByText('Write at least 10 characters.')).toBeVisible();

  await form.getByRole('textbox', { name: 'Your name' }).fill('Rita Rose');
  await form.getByRole('textbox', { name: 'E-mail' }).fill('rita@bloom.example');
  await form.getByRole('textbox', { name: 'Company (optional)' }).fill('Bloom & Co');
  await form
    .getByRole('textbox', { name: 'Message' })
    .fill('We send about 40 bouquets a day: can couriers bid?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status')).toContainText('We answer at rita@bloom.example');
});
