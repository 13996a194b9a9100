import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { postProject, register } from './support/marketplace.ts';

async function bid(request: APIRequestContext, projectId: string, amount: number): Promise<string> {
  const res = await request.post(`/api/projects/${projectId}/bids`, {
    data: { amount, timeline: 20, proposal: 'Crew of three, materials included, twenty days.' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Opens the bell and answers the panel's text. */
async function bellText(page: Page, unread: number | RegExp): Promise<string> {
  const bell = page.getByRole('button', {
    name: typeof unread === 'number' ? `Notifications, ${unread} unread` : unread,
  });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await bell.click();
  const panel = page.getByRole('dialog', { name: /Notifications/ });
  await expect(panel).toBeVisible();
  return (await panel.textContent()) ?? '';
}

/**
 * Issue 18 › the work after the award has screens: the owner starts the work, sends it for review and
 * marks it completed, each asked first; then reviews the contractor once. The contractor is told of each
 * step, sees the phase on My Bids and the review on their profile.
 */
test('an owner takes awarded work through to completion and reviews the contractor', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const contractorContext = await browser.newContext();
  await register(ownerContext.request, 'client', 'Olive');
  await register(contractorContext.request, 'contractor', 'Carl');
  const id = await postProject(ownerContext.request, 'Rebuild the sea wall');
  const bidId = await bid(contractorContext.request, id, 21000);
  const accepted = await ownerContext.request.patch(`/api/bids/${bidId}/status`, {
    data: { status: 'accepted' },
  });
  expect(accepted.status()).toBeLessThan(300);

  const owner = await ownerContext.newPage();
  await owner.goto(`/projects/${id}`);
  const progress = owner.getByRole('region', { name: 'Project Progress' });
  const steps = [
    ['Start Work', 'Start the work?', 'In Progress'],
    ['Send for Review', 'Send the work for review?', 'Under Review'],
    ['Mark Completed', 'Mark the project completed?', 'Completed'],
  ] as const;
  for (const [label, question, phase] of steps) {
    await progress.getByRole('button', { name: label }).click();
    const confirm = owner.getByRole('alertdialog', { name: question });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: label }).click();
    await expect(owner.getByText(`Project moved to ${phase}`)).toBeVisible();
    await expect(progress.getByRole('button', { name: label })).toHaveCount(0);
  }

  // The review: a rating is required, then it is given once and shown.
  await progress.getByRole('button', { name: 'Review contractor' }).click();
  const review = owner.getByRole('dialog', { name: 'Review contractor' });
  await review.getByRole('button', { name: 'Submit Review' }).click();
  await expect(review.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  // Keyboard: into the rating group, then the arrow keys choose.
  await review.getByRole('radio', { name: '1 star' }).focus();
  for (let i = 0; i < 3; i++) await owner.keyboard.press('ArrowRight');
  await expect(review.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await review.getByLabel('Comment').fill('Solid wall, finished before the storm season.');
  await review.getByRole('button', { name: 'Submit Review' }).click();
  await expect(review).toBeHidden();
  await expect(progress.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(progress.getByRole('button', { name: 'Review contractor' })).toHaveCount(0);
  await owner.reload();
  await expect(progress.getByText('Solid wall, finished before the storm season.')).toBeVisible();
  await expect(progress.getByRole('button', { name: 'Review contractor' })).toHaveCount(0);

  // The contractor: told of each step (and of the award), the phase on My Bids, the review on the profile.
  const contractor = await contractorContext.newPage();
  await contractor.goto('/my-bids');
  // The award, each step and the review (a badge may come too).
  const told = await bellText(contractor, /^Notifications, \d+ unread$/);
  for (const title of ['Work started', 'Sent for review', 'Project completed']) expect(told).toContain(title);
  await contractor.keyboard.press('Escape');
  await contractor.getByRole('tab', { name: /Accepted/ }).click();
  const card = contractor.getByRole('article').filter({ hasText: 'Rebuild the sea wall' });
  await expect(card.getByText('Completed', { exact: true })).toBeVisible();
  await contractor.goto('/profile');
  const reviews = contractor.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('Solid wall, finished before the storm season.')).toBeVisible();
  await expect(reviews.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(reviews.getByText(/Olive Tester · Rebuild the sea wall/)).toBeVisible();

  await ownerContext.close();
  await contractorContext.close();
});

/** Issue 18 › bidders are told when a project that they bid on is deleted. */
test('deleting a project tells its bidders', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const contractorContext = await browser.newContext();
  await register(ownerContext.request, 'client', 'Olive');
  await register(contractorContext.request, 'contractor', 'Dina');
  const id = await postProject(ownerContext.request, 'Paint the chapel');
  await bid(contractorContext.request, id, 4000);

  const owner = await ownerContext.newPage();
  await owner.goto(`/projects/${id}`);
  await owner.getByRole('button', { name: 'Delete Project' }).click();
  await owner
    .getByRole('alertdialog', { name: 'Delete Project?' })
    .getByRole('button', { name: 'Delete Project' })
    .click();
  await expect(owner.getByText('Project deleted successfully')).toBeVisible();

  const contractor = await contractorContext.newPage();
  await contractor.goto('/my-bids');
  const told = await bellText(contractor, 1);
  expect(told).toContain('Project deleted');
  expect(told).toContain('“Paint the chapel”, which you bid on, was deleted by its owner.');
  await ownerContext.close();
  await contractorContext.close();
});
