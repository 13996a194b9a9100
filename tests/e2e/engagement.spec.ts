/** Issue 12 in Chromium: real views, saves, achievements at zero, the landing's fresh project, the mobile sheet. */
import { expect, test } from '@playwright/test';
import { postProject, register } from './support/marketplace.ts';

test('a fresh project shows Views 0 to its owner and 1 after a contractor opens it; save, then Saved Projects', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await register(owner.request, 'client', 'Olive');
  const title = `Views check ${Date.now()}`;
  const id = await postProject(owner.request, title);
  await owner.goto(`/projects/${id}`);
  await expect(owner.getByTestId('view-count')).toHaveText('0');

  const contractorContext = await browser.newContext();
  const contractor = await contractorContext.newPage();
  await register(contractor.request, 'contractor', 'Carl');
  await contractor.goto(`/projects/${id}`);
  await expect(contractor.getByTestId('view-count')).toHaveText('1');
  await contractor.getByRole('button', { name: 'Save Project' }).click();
  await expect(contractor.getByRole('button', { name: 'Unsave Project' })).toBeVisible();
  await expect(contractor.getByTestId('save-count')).toHaveText('1');
  await contractor.goto('/saved-projects');
  await expect(contractor.getByRole('heading', { name: 'Saved Projects' })).toBeVisible();
  await expect(contractor.getByRole('link', { name: title })).toBeVisible();

  await owner.reload();
  await expect(owner.getByTestId('view-count')).toHaveText('1');
  await ownerContext.close();
  await contractorContext.close();
});

test("a fresh contractor's achievements are at zero", async ({ page }) => {
  await register(page.request, 'contractor', 'Zed');
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Achievement Progress' });
  await expect(card.getByRole('progressbar')).toHaveCount(3);
  for (const bar of await card.getByRole('progressbar').all()) {
    await expect(bar).toHaveAttribute('aria-valuenow', '0');
  }
  await expect(card.getByText('No badge yet')).toHaveCount(3);
});

test('the landing shows a project posted a moment ago', async ({ browser }) => {
  const poster = await browser.newContext();
  const page = await poster.newPage();
  await register(page.request, 'client', 'Lana');
  const title = `Landing check ${Date.now()}`;
  await postProject(page.request, title);
  await poster.close();
  const visitor = await browser.newPage();
  await visitor.goto('/');
  const featured = visitor.getByTestId('featured-project').filter({ hasText: title });
  await expect(featured).toBeVisible();
  await expect(featured.getByText('Posted just now')).toBeVisible();
});

test('at 375 px every user-menu item is reachable with the keyboard through the sheet', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await register(page.request, 'contractor', 'Mia');
  await page.goto('/projects');
  const menu = page.getByRole('button', { name: 'Open menu' });
  await expect(menu).toBeVisible();
  await menu.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await expect(sheet).toBeVisible();
  for (const name of ['Switch Role', 'Profile', 'Upgrade', 'Sign out']) {
    await expect(sheet.getByRole('button', { name })).toBeVisible();
  }
  await expect(sheet.getByRole('link', { name: 'Saved Projects' })).toBeVisible();
  // Tab through: focus never leaves the sheet and reaches Sign out.
  let reached = false;
  for (let i = 0; i < 20 && !reached; i += 1) {
    await page.keyboard.press('Tab');
    const inside = await sheet.evaluate((el) => el.contains(document.activeElement));
    expect(inside).toBe(true);
    reached = (await page.evaluate(() => document.activeElement?.textContent?.trim())) === 'Sign out';
  }
  expect(reached).toBe(true);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await menu.click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
});
