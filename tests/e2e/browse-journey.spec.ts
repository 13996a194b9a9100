import { expect, test } from '@playwright/test';
import { postProject, register } from './support/marketplace.ts';

/**
 * Issue 18 › Browse: the search, the filters and the page live in the address, so a reload, Back and a
 * shared link show the same list; each card offers 'Submit Bid' only where this contractor can bid, and
 * otherwise shows their bid or why bidding is closed.
 */
test('browse state survives reload, Back and sharing; cards show what a contractor can do', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ownerContext = await browser.newContext();
  const contractorContext = await browser.newContext();
  const rivalContext = await browser.newContext();
  await register(ownerContext.request, 'client', 'Olive');
  await register(contractorContext.request, 'contractor', 'Carl');
  await register(rivalContext.request, 'contractor', 'Rita');
  const word = `gazebo${Date.now() % 1_000_000}`;
  // 52 matching projects: a first page of 50 and a second one through the cursor.
  const ids: string[] = [];
  for (let i = 1; i <= 52; i++)
    ids.push(await postProject(ownerContext.request, `${word} build number ${i}`));
  const bidOn = `${word} build number 52`;
  const awarded = `${word} build number 51`;
  const mine = await contractorContext.request.post(`/api/projects/${ids[51]}/bids`, {
    data: { amount: 9000, timeline: 20, proposal: 'Cedar gazebo with a shingle roof, twenty days.' },
  });
  expect(mine.status()).toBe(201);
  const rival = await rivalContext.request.post(`/api/projects/${ids[50]}/bids`, {
    data: { amount: 8000, timeline: 15, proposal: 'Pine gazebo, fifteen days, painted white.' },
  });
  expect(rival.status()).toBe(201);
  const award = await ownerContext.request.patch(`/api/bids/${(await rival.json()).id}/status`, {
    data: { status: 'accepted' },
  });
  expect(award.status()).toBeLessThan(300);

  const page = await contractorContext.newPage();
  await page.goto('/projects?country=');
  await page.getByLabel('Search', { exact: true }).fill(word);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(page.getByText('52 projects found')).toBeVisible();

  // The cards: my bid's status, 'Not accepting bids' with the reason, else Submit Bid.
  const card = (title: string) =>
    page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(card(bidOn).getByText('Your bid:')).toBeVisible();
  await expect(card(bidOn).getByText('Pending')).toBeVisible();
  await expect(card(bidOn).getByRole('button', { name: 'Submit Bid' })).toHaveCount(0);
  await expect(card(awarded).getByText('Not accepting bids')).toBeVisible();
  await expect(card(awarded).getByText('· Phase: Awarded')).toBeVisible();
  await expect(card(awarded).getByRole('button', { name: 'Submit Bid' })).toHaveCount(0);
  await expect(card(`${word} build number 50`).getByRole('button', { name: 'Submit Bid' })).toBeVisible();

  // A filter is a step in the history; the reload keeps it; Back returns to the search alone.
  await page.getByRole('button', { name: /Category/ }).click();
  await page.getByRole('option', { name: 'Commercial', exact: true }).click();
  await expect(page).toHaveURL(/category=Commercial/);
  await expect(page.getByText('0 projects found')).toBeVisible();
  await page.reload();
  await expect(page.getByText('0 projects found')).toBeVisible();
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(word);
  await page.goBack();
  await expect(page).not.toHaveURL(/category=/);
  await expect(page.getByText('52 projects found')).toBeVisible();

  // Load more writes the page into the address; a reload and a shared link continue from it.
  await expect(page.getByRole('article')).toHaveCount(50);
  await page.getByRole('button', { name: 'Load more projects' }).click();
  await expect(page.getByRole('article')).toHaveCount(52);
  await expect(page).toHaveURL(/cursor=/);
  const shared = page.url();
  await page.reload();
  await expect(page.getByText('Showing from a later page.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(card(`${word} build number 1`)).toBeVisible();

  const other = await rivalContext.newPage();
  await other.goto(shared);
  await expect(other.getByLabel('Search', { exact: true })).toHaveValue(word);
  await expect(other.getByRole('article')).toHaveCount(2);

  await page.getByRole('button', { name: 'Show the newest projects' }).click();
  await expect(page).not.toHaveURL(/cursor=/);
  await expect(page.getByRole('article')).toHaveCount(50);

  await ownerContext.close();
  await contractorContext.close();
  await rivalContext.close();
});

/** Issue 18 › on a phone the Submit Bid button stays in reach at the bottom of a project's page. */
test('at 375 px a sticky bar keeps Submit Bid on screen', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const contractorContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
  await register(ownerContext.request, 'client', 'Olive');
  await register(contractorContext.request, 'contractor', 'Carl');
  const id = await postProject(ownerContext.request, 'Louvred shutters for a cottage', {
    description: `${'Fit aluminium storm shutters to every window of a two-storey cottage. '.repeat(12)}`,
  });
  const page = await contractorContext.newPage();
  await page.goto(`/projects/${id}`);
  await expect(page.getByRole('heading', { name: 'Louvred shutters for a cottage' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit Bid' });
  await expect(submit).toHaveCount(1);
  await expect(submit).toBeInViewport();
  await page.mouse.wheel(0, 1200);
  await expect(submit).toBeInViewport();
  await submit.click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Submit Bid' })).toBeVisible();
  await ownerContext.close();
  await contractorContext.close();
});
