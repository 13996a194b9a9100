import { expect, type Page, test } from '@playwright/test';
import { register } from './support/marketplace.ts';

/**
 * At 375 px (a small phone) /profile and /admin fit the screen: nothing scrolls sideways. Measured
 * as the document's scrollWidth against the viewport's width.
 */
test.use({ viewport: { width: 375, height: 800 } });

async function pageWidth(page: Page): Promise<number> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > 375) {
    // Name the culprits in the failure: the elements reaching past the screen's right edge.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > 376 && !e.closest('.table-wrap, .tab-list'))
        .slice(0, 8)
        .map(
          (e) =>
            `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} ${Math.round(e.getBoundingClientRect().right)}`,
        ),
    );
    console.log('wider than the screen:', wide.join(', '));
  }
  return width;
}

test('/profile fits 375 px on every tab, and the chosen tab survives a reload', async ({ page }) => {
  await register(page.request, 'contractor', 'Maximiliana');
  await page.goto('/profile');
  await expect(page.getByRole('tab', { name: 'Profile', selected: true })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  for (const name of ['Billing', 'Services', 'Notifications', 'Preferences', 'Profile']) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
    expect(await pageWidth(page), `the ${name} tab`).toBeLessThanOrEqual(375);
  }
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  expect(await pageWidth(page), 'the profile form').toBeLessThanOrEqual(375);
  await expect(page.getByLabel('First Name')).toHaveAttribute('maxlength', '100');

  await page.getByRole('tab', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=billing$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Billing', selected: true })).toBeVisible();
});

test('/admin fits 375 px with a full user table', async ({ page }) => {
  await register(page.request, 'client', 'Adminique');
  // The admin page as an admin sees it: the signed-in user reads as an admin, and the admin calls
  // answer a realistic table (the server's own admin rules are proven by the API tests).
  await page.route('**/api/auth/user', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), role: 'admin' } });
  });
  const users = Array.from({ length: 8 }, (_, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    email: `someone.with.a.rather.long.address.${i}@construction-example.com`,
    firstName: 'Bartholomew',
    lastName: `Featherstonehaugh-${i}`,
    name: `Bartholomew Featherstonehaugh-${i}`,
    profileImageUrl: null,
    role: (['client', 'contractor', 'vendor', 'admin'] as const)[i % 4],
    country: 'BS',
    subscriptionTier: i % 2 ? 'pro' : 'free',
    rating: 0,
    reviewCount: 0,
    emailNotifications: true,
    emailVerified: true,
    services: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  }));
  await page.route('**/api/admin/users*', (route) => route.fulfill({ json: users }));
  await page.route('**/api/admin/stats', (route) =>
    route.fulfill({ json: { activeProjects: 12345, totalBids: 67890 } }),
  );
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Bartholomew Featherstonehaugh-7' })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
});
