import { expect, test } from '@playwright/test';
import { postProject, register } from './support/marketplace.ts';

/**
 * Issue 13 › saved searches: a contractor saves a search from Browse; when a client posts a matching
 * project, the contractor's bell shows it live (no reload), and the Saved Searches page turns its
 * alerts off and deletes it.
 */
test('a saved search alerts its owner when a matching project is posted', async ({ browser }) => {
  const contractorContext = await browser.newContext();
  const clientContext = await browser.newContext();
  await register(contractorContext.request, 'contractor', 'Sol');
  await register(clientContext.request, 'client', 'Cleo');

  const page = await contractorContext.newPage();
  const word = `cistern${Date.now() % 100_000}`;
  await page.goto('/projects?country=');
  await page.getByLabel('Search', { exact: true }).fill(word);
  await expect(page.getByText('0 projects found')).toBeVisible();
  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByText(`“${word}”`)).toBeVisible();
  await dialog.getByLabel('Name').fill('Cisterns');
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Search saved', { exact: true })).toBeVisible();

  // The client posts a project that the search finds, and one it does not.
  await postProject(clientContext.request, `Rainwater ${word} for a guest house`);
  await postProject(clientContext.request, 'Paint the veranda');

  // Live: the bell counts it without a reload, and names the project and the search.
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await bell.click();
  await expect(
    page.getByText(`“Rainwater ${word} for a guest house” matches your saved search “Cisterns”.`),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // The Saved Searches page: open it from Browse, turn the alerts off, then delete it.
  await page.goto('/projects');
  await page.getByRole('link', { name: 'Saved searches' }).click();
  await expect(page.getByRole('heading', { name: 'Saved Searches', level: 1 })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: 'Cisterns' });
  await expect(item.getByText(`“${word}”`)).toBeVisible();
  await item.getByRole('button', { name: /Alerts for Cisterns/ }).click();
  await page.getByRole('option', { name: 'No alerts' }).click();
  await expect(page.getByText('Alerts turned off', { exact: true })).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: 'Cisterns' })
      .getByRole('button', { name: /No alerts/ }),
  ).toBeVisible();

  await page
    .getByRole('listitem')
    .filter({ hasText: 'Cisterns' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No saved searches yet')).toBeVisible();

  await contractorContext.close();
  await clientContext.close();
});
