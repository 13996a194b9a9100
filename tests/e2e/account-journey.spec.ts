import { expect, type Page, test } from '@playwright/test';

const password = 'hammer-and-nails';

async function openUserMenu(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(name) }).click();
}

test('a contractor registers, signs out, signs in and switches to vendor', async ({ page }) => {
  const email = `reggie.${Date.now()}@example.com`;

  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  // Screen readers pick the voice from the page's language (issue 15: axe html-has-lang).
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByLabel('First Name').fill('Reggie');
  await page.getByLabel('Last Name').fill('Cartwright');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: /Account Type/ }).click();
  await page.getByRole('option', { name: 'Contractor - Bid on Projects' }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();

  // Registration signs in and leads to the dashboard, a page of the account micro-frontend.
  await expect(page.getByRole('heading', { name: 'Welcome back, Reggie!' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.dashboard-role')).toContainText('Contractor');

  await openUserMenu(page, 'Reggie Cartwright');
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Get started', exact: true })).toBeVisible();
  // The session is gone on the server too.
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Reggie!' })).toBeVisible();

  await openUserMenu(page, 'Reggie Cartwright');
  await page.getByRole('menuitem', { name: 'Switch Role' }).click();
  await expect(page.getByRole('heading', { name: 'Change Account Role' })).toBeVisible();
  const update = page.getByRole('button', { name: 'Update Role' });
  await expect(update).toBeDisabled();
  // react-aria hides the native input; a person clicks the option's label.
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: /Vendor/ }) })
    .click();
  await expect(page.getByRole('radio', { name: /Vendor/ })).toBeChecked();
  await update.click();
  await expect(
    page.getByText('Your role has been successfully updated. Redirecting to dashboard...'),
  ).toBeVisible();

  // After 1.5 s the dashboard shows the new role.
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
  await expect(page.locator('.dashboard-role')).toContainText('Vendor');
});

test('unknown pages show the 404 page and a broken remote shows a retry panel', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();

  await page.route('**/remotes/account/mf-manifest.json', (route) =>
    route.fulfill({ status: 503, body: 'down' }),
  );
  await page.goto('/pricing');
  const retry = page.getByRole('button', { name: /Try again/i });
  await expect(retry).toBeVisible();
  await page.unroute('**/remotes/account/mf-manifest.json');
  await retry.click();
  await expect(retry).toBeHidden();
});
