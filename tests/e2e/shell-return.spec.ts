import { expect, request as playwrightRequest, test } from '@playwright/test';
import { PASSWORD, register } from './support/marketplace.ts';

test('after signing in from a deep link, the user lands on the page asked for', async ({ page, baseURL }) => {
  // The account exists; this browser is signed out.
  const elsewhere = await playwrightRequest.newContext({ baseURL: baseURL ?? '' });
  const person = await register(elsewhere, 'contractor', 'Dora');
  await elsewhere.dispose();

  await page.goto('/profile?tab=billing');
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=billing$/);
  await expect(page.getByRole('tab', { name: 'Billing', selected: true })).toBeVisible();

  // The header's country choice survives a reload.
  await page.getByRole('button', { name: /Country/ }).click();
  await page.getByRole('option', { name: /^JM/ }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: /Country/ })).toContainText('JM');
});

test("a visitor on Post Project is warned 'Authentication Required', sent to sign in, and brought back", async ({
  page,
  baseURL,
}) => {
  const elsewhere = await playwrightRequest.newContext({ baseURL: baseURL ?? '' });
  const person = await register(elsewhere, 'client', 'Pia');
  await elsewhere.dispose();

  await page.goto('/post-project');
  // One wait for both texts: the warning stands for 1 s only, and a loaded machine may take longer
  // than that between two separate checks.
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Authentication Required' })
      .filter({ hasText: 'Please log in to post a project' })
      .first(),
  ).toBeVisible();
  // After 1 s the login endpoint leads to the sign-in page.
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/post-project$/);
  await expect(page.getByRole('heading', { name: 'Post a New Project' })).toBeVisible();
  await expect(page.getByText('Please log in to post a project')).toBeHidden();
});
