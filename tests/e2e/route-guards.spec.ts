import { register } from './support/marketplace.ts';
import { expect, test } from './support/page-hygiene.ts';

/**
 * The routes a role may not see, and the navigation targets the route table does not list
 * (accounts-and-shell section 2): where each one leads. The route sweep opens only what a role may see.
 */

test("a contractor on /admin sees 'Access Denied', then goes to /home, which is the dashboard", async ({
  page,
}) => {
  await register(page.request, 'contractor', 'Gideon');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(
    page.getByText('You do not have permission to access this page. Admin privileges required.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
  await expect(page.getByRole('heading', { name: 'Welcome back, Gideon!' })).toBeVisible();
});

test('/home and /dashboard lead a signed-in user to the dashboard', async ({ page }) => {
  await register(page.request, 'client', 'Hattie');
  for (const target of ['/home', '/dashboard']) {
    await page.goto(target);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Hattie!' })).toBeVisible();
  }
});

test('a visitor opening a signed-in route is sent to sign in; /home leads to the landing page', async ({
  page,
}) => {
  for (const path of ['/my-bids', '/projects', '/saved-searches', '/admin']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  }
  await page.goto('/home');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Get started', exact: true })).toBeVisible();
});
