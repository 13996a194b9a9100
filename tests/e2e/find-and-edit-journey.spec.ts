import { expect, test } from '@playwright/test';
import { postProject, register } from './support/marketplace.ts';

/**
 * Issue 18 › search, categories and tags, as a person meets them:
 * - text inside words and several words in any order find projects;
 * - a category chosen on the edit form is found by the browse filter, which offers Construction too;
 * - tags that differ only in capitals are one tag in the form.
 */
test('an owner edits the category and tags; search finds text inside words and several words', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  await register(ownerContext.request, 'client', 'Olive');
  const stamp = `q${Date.now() % 1_000_000}`;
  // Descriptions of their own: the helper's default one is about a roof, which 'oof' would find.
  const kitchen = await postProject(ownerContext.request, `Kitchen backsplash and tile floor ${stamp}`, {
    description: 'Ceramic backsplash behind the counters and porcelain on the floor.',
  });
  await postProject(ownerContext.request, `Waterproofing the terrace ${stamp}`, {
    description: 'Seal the concrete terrace above the garage before the rainy season.',
  });

  const page = await ownerContext.newPage();
  await page.goto(`/projects/${kitchen}/edit`);
  await expect(page.getByLabel('Project Title')).toHaveValue(`Kitchen backsplash and tile floor ${stamp}`);
  const tag = page.getByLabel('Add a tag');
  await tag.fill('Tile');
  await tag.press('Enter');
  await tag.fill('tile');
  await tag.press('Enter');
  const tags = page.getByRole('list', { name: 'Tags' });
  await expect(tags.getByRole('button', { name: /^Remove tag/ })).toHaveCount(2);
  await expect(tags.getByRole('button', { name: 'Remove tag Tile' })).toBeVisible();
  await page.getByRole('button', { name: /Category$/ }).click();
  await page.getByRole('option', { name: 'Residential', exact: true }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${kitchen}$`));

  const search = async (q: string) => {
    await page.goto(`/projects?country=&q=${encodeURIComponent(q)}`);
    await expect(page.getByRole('status').filter({ hasText: /projects? found/ })).toBeVisible();
  };
  const card = (title: string) => page.getByRole('heading', { name: `${title} ${stamp}`, exact: true });
  await search(`itche ${stamp}`);
  await expect(card('Kitchen backsplash and tile floor')).toBeVisible();
  await search(`${stamp} tile kitchen`);
  await expect(card('Kitchen backsplash and tile floor')).toBeVisible();
  await expect(card('Waterproofing the terrace')).toHaveCount(0);
  await search(`oof ${stamp}`);
  await expect(card('Waterproofing the terrace')).toBeVisible();
  await expect(card('Kitchen backsplash and tile floor')).toHaveCount(0);

  // The edited category is found by the filter; Construction is offered, and holds the other project.
  await search(stamp);
  await page.getByRole('button', { name: /Category$/ }).click();
  await page.getByRole('option', { name: 'Residential', exact: true }).click();
  await expect(card('Kitchen backsplash and tile floor')).toBeVisible();
  await expect(card('Waterproofing the terrace')).toHaveCount(0);
  await page.getByRole('button', { name: /Category$/ }).click();
  await page.getByRole('option', { name: 'Construction', exact: true }).click();
  await expect(card('Waterproofing the terrace')).toBeVisible();
  await expect(card('Kitchen backsplash and tile floor')).toHaveCount(0);
  await ownerContext.close();
});

/**
 * Issue 18 › smaller problems: Edit Bid from My Bids shows the project's budget, and a project posted
 * 27 hours ago reads '1 day ago' (times round down).
 */
test('My Bids edits a bid beside the budget; posted times round down', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const contractorContext = await browser.newContext();
  await register(ownerContext.request, 'client', 'Olive');
  await register(contractorContext.request, 'contractor', 'Carl');
  const title = `Hurricane shutters ${Date.now() % 1_000_000}`;
  const id = await postProject(ownerContext.request, title);
  const bid = await contractorContext.request.post(`/api/projects/${id}/bids`, {
    data: { amount: 18000, timeline: 12, proposal: 'Aluminium accordion shutters on every window.' },
  });
  expect(bid.status()).toBe(201);

  const page = await contractorContext.newPage();
  await page.goto('/my-bids');
  const mine = page.getByRole('article').filter({ hasText: title });
  await mine.getByRole('button', { name: 'Edit Bid' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('$15,000 - $25,000')).toBeVisible();
  await expect(dialog.getByText('Budget negotiable')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The browser's clock 27 hours on: the card says one day, not two.
  await page.clock.setFixedTime(new Date(Date.now() + 27 * 60 * 60 * 1000));
  await page.goto(`/projects?country=&q=${encodeURIComponent(title)}`);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('Posted 1 day ago')).toBeVisible();
  await ownerContext.close();
  await contractorContext.close();
});
