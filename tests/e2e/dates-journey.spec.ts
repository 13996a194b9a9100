import { expect, test } from '@playwright/test';
import { postProject, register } from './support/marketplace.ts';

/**
 * Issue 18 › dates: a project deadline is a calendar day in Nassau. Owners in London and in Auckland see
 * the day they chose, and saving Edit Project twice without a change keeps it (it used to move a day per
 * save east of Nassau).
 */
for (const timezoneId of ['Europe/London', 'Pacific/Auckland']) {
  test(`the deadline reads and round-trips the same in ${timezoneId}`, async ({ browser }) => {
    const context = await browser.newContext({ timezoneId });
    await register(context.request, 'client', 'Tess');
    const id = await postProject(context.request, `Deck rebuild seen from ${timezoneId}`, {
      deadline: '2027-03-02',
    });
    const stored = async () =>
      ((await (await context.request.get(`/api/projects/${id}`)).json()) as { deadline: string }).deadline;
    const before = await stored();

    const page = await context.newPage();
    await page.goto(`/projects/${id}`);
    await expect(page.getByText('Mar 2, 2027').first()).toBeVisible();
    for (let save = 1; save <= 2; save++) {
      await page.goto(`/projects/${id}/edit`);
      await expect(page.getByLabel('Deadline')).toHaveValue('2027-03-02');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/${id}$`));
      expect(await stored()).toBe(before);
    }
    await expect(page.getByText('Mar 2, 2027').first()).toBeVisible();
    await context.close();
  });
}
