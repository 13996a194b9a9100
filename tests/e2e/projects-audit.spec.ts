import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { postProject, register } from './support/marketplace.ts';
import { expect, test } from './support/page-hygiene.ts';

/**
 * The defects of decisions 0182, 0196 and 0197 in the projects remote, as a person meets them in Chromium: the post
 * form's category, the phone-sized owner block, thumbnails, Share, malformed links, the date pickers' first day, and
 * the production bundle.
 */

/** The calendar day of an instant in a time zone, 'YYYY-MM-DD'. */
function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The card of the project titled `title` on a list page. */
function cardOf(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test.describe('posting', () => {
  /**
   * Item 4: a project posted from the form with the category Residential is found by the browse page's
   * Residential filter (it used to be stored as Construction whatever the project was).
   */
  test('a project posted as Residential is found by the browse category filter', async ({ browser }) => {
    const ownerContext = await browser.newContext();
    const contractorContext = await browser.newContext();
    await register(ownerContext.request, 'client', 'Rhoda');
    await register(contractorContext.request, 'contractor', 'Carl');
    const word = `verandah${Date.now() % 1_000_000}`;
    const title = `Screened ${word} for a cottage`;

    const owner = await ownerContext.newPage();
    await owner.goto('/post-project');
    await owner.getByLabel('Project Title').fill(title);
    await owner.getByLabel('Description').fill('Enclose the back verandah with screens and a new door.');
    const category = owner.getByRole('button', { name: /Category/ });
    await expect(category).toContainText('Select a category');
    await category.click();
    await owner.getByRole('option', { name: 'Residential', exact: true }).click();
    await expect(category).toContainText('Residential');
    // react-aria's inputs are visually hidden: a person clicks the label.
    for (const name of ['Under Construction', 'Labor Only', 'Exterior & Landscape']) {
      await owner
        .locator('label')
        .filter({ hasText: new RegExp(`^${name}$`) })
        .click();
    }
    await owner.getByRole('button', { name: 'Post Project' }).click();
    await expect(owner).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
    await expect(owner.getByRole('heading', { level: 1, name: title })).toBeVisible();

    const page = await contractorContext.newPage();
    await page.goto(`/projects?country=&q=${word}`);
    await expect(cardOf(page, title)).toBeVisible();
    await page.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: 'Residential', exact: true }).click();
    await expect(page).toHaveURL(/category=Residential/);
    await expect(page.getByText('1 project found')).toBeVisible();
    await expect(cardOf(page, title)).toBeVisible();
    await page.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: 'Construction', exact: true }).click();
    await expect(page.getByText('0 projects found')).toBeVisible();
    await ownerContext.close();
    await contractorContext.close();
  });
});

test.describe('cards and links', () => {
  /**
   * Items 11b and 14a: at 375 px the owner's name keeps one line beside its avatar ('Contact Owner'
   * moves to a row of its own), on the card and on the project page; a card without images shows no
   * grey boxes.
   */
  test("at 375 px the owner's name is one line, and a card without images has no thumbnails", async ({
    browser,
  }) => {
    const ownerContext = await browser.newContext();
    const viewerContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
    await register(ownerContext.request, 'client', 'Maximiliana');
    await register(viewerContext.request, 'contractor', 'Vic');
    const title = `Porch repair ${Date.now() % 1_000_000}`;
    const id = await postProject(ownerContext.request, title);

    const page = await viewerContext.newPage();
    const linesOfName = (scope: ReturnType<Page['locator']>) =>
      scope.locator('.owner-label').evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });

    await page.goto(`/projects?country=&q=${encodeURIComponent(title)}`);
    const card = cardOf(page, title);
    await expect(card.getByText('Maximiliana Tester')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Contact Owner' })).toBeVisible();
    expect(await linesOfName(card)).toBe(1);
    await expect(card.locator('.project-thumbs')).toHaveCount(0);
    await expect(card.getByTestId('image-placeholder')).toHaveCount(0);

    await page.goto(`/projects/${id}`);
    const side = page.getByRole('region', { name: 'Project Owner' });
    await expect(side.getByText('Maximiliana Tester')).toBeVisible();
    expect(await linesOfName(side)).toBe(1);
    await ownerContext.close();
    await viewerContext.close();
  });

  /**
   * Item 14b: Share copies the project's link with a toast where the browser has no Web Share API
   * (Chromium on Linux), and hands the link to navigator.share where it has one.
   */
  test("Share copies the project's link, or hands it to the Web Share API", async ({ browser, baseURL }) => {
    const ownerContext = await browser.newContext();
    await register(ownerContext.request, 'client', 'Shona');
    const title = `Shutters to share ${Date.now() % 1_000_000}`;
    const id = await postProject(ownerContext.request, title);
    const link = `${baseURL}/projects/${id}`;

    const copying = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    await copying.addInitScript(() => {
      // As in browsers without the Web Share API.
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await register(copying.request, 'contractor', 'Cody');
    const page = await copying.newPage();
    await page.goto(`/projects?country=&q=${encodeURIComponent(title)}`);
    await cardOf(page, title)
      .getByRole('button', { name: `Share ${title}` })
      .click();
    await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    const sharing = await browser.newContext();
    await sharing.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          (window as unknown as { shared: ShareData[] }).shared ??= [];
          (window as unknown as { shared: ShareData[] }).shared.push(data);
        },
      });
    });
    await register(sharing.request, 'contractor', 'Sasha');
    const sharer = await sharing.newPage();
    await sharer.goto(`/projects?country=&q=${encodeURIComponent(title)}`);
    await cardOf(sharer, title)
      .getByRole('button', { name: `Share ${title}` })
      .click();
    await expect
      .poll(() => sharer.evaluate(() => (window as unknown as { shared?: ShareData[] }).shared ?? []))
      .toEqual([{ title, url: link }]);
    await expect(sharer.getByText('Link copied', { exact: true })).toHaveCount(0);
    await ownerContext.close();
    await copying.close();
    await sharing.close();
  });

  /** Item 14c: a malformed project link reads 'Project Not Found', not an error with 'Try again'. */
  test("a malformed project link shows 'Project Not Found'", async ({ page, hygiene }) => {
    // The API answers 400 for an id that cannot be one; Chromium logs the failed load.
    hygiene.allowConsoleErrors(/status of 400.*\/api\/projects\/abc/);
    await register(page.request, 'contractor', 'Mal');
    await page.goto('/projects/abc');
    await expect(page.getByRole('heading', { name: 'Project Not Found' })).toBeVisible();
    await expect(page.getByText("The project you're looking for doesn't exist.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(page.getByText("This section didn't load")).toHaveCount(0);
  });
});

test.describe('date pickers', () => {
  /**
   * Item 10: the post form's pickers start at the person's own today, whatever UTC's is: 10:00 on
   * Mar 3 in Auckland (Mar 2 in UTC and in Nassau) starts at Mar 3; 23:30 on Mar 2 in New York (Mar 3
   * in UTC) starts at Mar 2.
   */
  for (const [timezoneId, instant, first] of [
    ['Pacific/Auckland', '2027-03-02T21:00:00Z', '2027-03-03'],
    ['America/New_York', '2027-03-03T04:30:00Z', '2027-03-02'],
  ] as const) {
    test(`the post form's date pickers start at the local today in ${timezoneId}`, async ({ browser }) => {
      const context = await browser.newContext({ timezoneId });
      await register(context.request, 'client', 'Dora');
      const page = await context.newPage();
      await page.clock.setFixedTime(new Date(instant));
      await page.goto('/post-project');
      await expect(page.getByLabel('Bid Deadline')).toHaveAttribute('min', first);
      await expect(page.getByLabel('Project Deadline')).toHaveAttribute('min', first);
      await context.close();
    });
  }

  /**
   * Item 10: with bids, the Extend Deadline picker starts the day after the current deadline (the server
   * refuses that day and any earlier one) and ends at the project deadline.
   */
  test('the Extend Deadline picker offers only days the server takes', async ({ browser }) => {
    const ownerContext = await browser.newContext();
    const contractorContext = await browser.newContext();
    await register(ownerContext.request, 'client', 'Ezra');
    await register(contractorContext.request, 'contractor', 'Bo');
    const bidDeadline = dayIn(new Date(Date.now() + 10 * 86_400_000), 'America/Nassau');
    const deadline = dayIn(new Date(Date.now() + 40 * 86_400_000), 'America/Nassau');
    const id = await postProject(ownerContext.request, `Boat shed ${Date.now() % 1_000_000}`, {
      bidDeadline,
      deadline,
    });
    const bid = await contractorContext.request.post(`/api/projects/${id}/bids`, {
      data: { amount: 7000, timeline: 12, proposal: 'Timber frame and a metal roof, twelve days.' },
    });
    expect(bid.status()).toBe(201);

    const page = await ownerContext.newPage();
    await page.goto(`/projects/${id}`);
    await page.getByRole('button', { name: 'Extend Deadline' }).click();
    const picker = page.getByRole('dialog').getByLabel('New bid deadline');
    await expect(picker).toHaveAttribute('min', nextDay(bidDeadline));
    await expect(picker).toHaveAttribute('max', deadline);
    await ownerContext.close();
    await contractorContext.close();
  });
});

test.describe('the production bundle', () => {
  /**
   * Item 15c: the Auto-Fill sample is development-only. Every script the projects remote's current
   * release serves (its manifest's and its release list's) is fetched from the server: none carries
   * the sample's text, while the post form's own text is there (so the scan reads the right files).
   */
  test('the projects remote serves no Auto-Fill sample text', async ({ request }) => {
    const manifest = await request.get('/remotes/projects/mf-manifest.json');
    expect(manifest.status()).toBe(200);
    const { exposes, shared } = (await manifest.json()) as {
      exposes: { assets: { js: { sync: string[]; async: string[] } } }[];
      shared: { assets: { js: { sync: string[]; async: string[] } } }[];
    };
    const release = JSON.parse(
      readFileSync(join(process.cwd(), 'apps/projects/dist/.release.json'), 'utf8'),
    ) as { current: string[] };
    const files = new Set([
      'remoteEntry.js',
      ...[...exposes, ...shared].flatMap((e) => [...e.assets.js.sync, ...e.assets.js.async]),
      ...release.current.filter((f) => f.endsWith('.js')),
    ]);
    let postForm = 0;
    for (const file of files) {
      const res = await request.get(`/remotes/projects/${file}`);
      expect(res.status(), file).toBe(200);
      const text = await res.text();
      expect(text, file).not.toContain('[Test data]');
      expect(text, file).not.toContain('remove old cabinets');
      if (text.includes('Post a New Project')) postForm++;
    }
    expect(postForm).toBeGreaterThan(0);
  });
});
