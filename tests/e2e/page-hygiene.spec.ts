import { test as base, expect } from '@playwright/test';
import { type PageProblems, takeProblems, test, watchPage } from './support/page-hygiene.ts';

/**
 * The console-hygiene watch itself (support/page-hygiene.ts), so a sweep that passes means a quiet page:
 * a visitor's page logs nothing at all (the session probe answers 200, never 401: decision 0198), and an
 * uncaught error, a console error or a failed request is caught.
 */
base("a visitor's page logs nothing, and the hygiene watch catches errors", async ({ page }) => {
  const problems: PageProblems = { seen: [] };
  watchPage(page, problems);
  const logged: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') logged.push(m.text());
  });
  const unauthorized: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) unauthorized.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get started', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(logged, 'console errors of a visitor on the landing page').toEqual([]);
  expect(unauthorized, 'calls that answered 401').toEqual([]);
  expect(takeProblems(problems), 'a visitor on the landing page').toEqual([]);

  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('thrown by the test');
    });
    console.error('logged by the test');
  });
  await page.evaluate(() => fetch('/api/no-such-endpoint'));
  await expect.poll(() => problems.seen.length).toBe(3);
  const seen = takeProblems(problems).join('\n');
  expect(seen).toContain('uncaught Error: thrown by the test');
  expect(seen).toContain('console error: logged by the test');
  expect(seen).toMatch(/status of 404.*\/api\/no-such-endpoint/);
});

/** The journeys' `test`: pages of contexts a test opens itself are watched too, with its own allowances. */
test('a page in a context the test opens is watched, and a test may allow the errors it causes', async ({
  browser,
  hygiene,
  pageProblems,
}) => {
  hygiene.allowConsoleErrors(/status of 404.*\/api\/expected-missing/);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get started', exact: true })).toBeVisible();
  await page.evaluate(() => fetch('/api/expected-missing'));
  await page.evaluate(() => fetch('/api/not-allowed-missing'));
  await expect.poll(() => pageProblems.seen.length).toBe(1);
  expect(pageProblems.seen[0]).toMatch(/status of 404.*\/api\/not-allowed-missing/);
  // Taken, so the watch's own check at the end passes: this test made the error on purpose.
  takeProblems(pageProblems);
  await context.close();
});
