import { register } from './support/marketplace.ts';
import { expect, test } from './support/page-hygiene.ts';

/**
 * Personal access tokens end to end (decision 0211): a client generates one on the Developer page, sees its
 * secret once, and a script (a request context with no cookie) uses it within its scope until the client
 * revokes it.
 */
test('a client generates a token, a script uses it within its scope, and revoking it stops it', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await register(page.request, 'client', 'Dora');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome back, Dora!' })).toBeVisible();

  // Developer, after Profile in the user menu.
  await page.getByRole('button', { name: /Dora Tester/ }).click();
  await page.getByRole('menuitem', { name: 'Developer' }).click();
  await expect(page).toHaveURL(/\/developer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Developer' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Personal access tokens' });
  await expect(card.getByRole('heading', { name: 'No tokens yet' })).toBeVisible();

  // Generate a token that may only read projects.
  const generate = card.getByRole('button', { name: 'Generate token' });
  await generate.click();
  const form = page.getByRole('dialog', { name: 'Generate token' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Nightly report');
  // The checkbox's label is what a person clicks (react-aria keeps the input itself visually hidden).
  await form.getByText('projects:read', { exact: true }).click();
  await expect(form.getByRole('checkbox', { name: /^projects:read/ })).toBeChecked();
  await expect(form.getByRole('button', { name: /Expiration/ })).toContainText('90 days');
  await form.getByRole('button', { name: 'Generate token' }).click();

  // The secret, once: copied from its field.
  const shown = page.getByRole('dialog', { name: 'Copy your token now' });
  await expect(shown.getByText("You won't be able to see it again.")).toBeVisible();
  const field = shown.getByRole('textbox', { name: 'Token' });
  const secret = await field.inputValue();
  expect(secret).toMatch(/^bbpat_[0-9A-Za-z]{42}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(generate).toBeFocused();
  expect(await page.content()).not.toContain(secret);
  const row = card.getByRole('listitem', { name: 'Nightly report' });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row).toContainText('Never used');

  // A script: no cookie, no Origin, only the token.
  const script = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${secret}` },
  });
  const listed = await script.get('/api/projects');
  expect(listed.status(), await listed.text()).toBe(200);
  expect(listed.headers()['ratelimit-remaining']).toMatch(/^\d+$/);
  // Posting a project needs projects:write, which this token does not hold.
  const posted = await script.post('/api/projects', { multipart: { projectData: '{}' } });
  expect(posted.status()).toBe(403);
  expect((await posted.json()).code).toBe('INSUFFICIENT_SCOPE');

  // The list shows the last use; then the client revokes the token.
  await page.reload();
  await expect(row).toContainText(/Last used.+ from /);
  await row.getByRole('button', { name: 'Revoke Nightly report' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke token?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByText('Revoked')).toBeVisible();
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  await expect(generate).toBeFocused();

  const refused = await script.get('/api/projects');
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe('INVALID_TOKEN');
  await script.dispose();
});
