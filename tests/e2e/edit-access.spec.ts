import { expect, test } from '@playwright/test';
import { postProject, register } from './support/marketplace.ts';

/**
 * Issue 18 › Edit: 'Edit Project' is offered only while the project is editable, and anyone but its
 * owner opening the edit address sees why instead of a form whose save would fail.
 */
test('only the owner edits, and only until the project is awarded', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const contractorContext = await browser.newContext();
  await register(ownerContext.request, 'client', 'Olive');
  await register(contractorContext.request, 'contractor', 'Carl');
  const id = await postProject(ownerContext.request, 'Rebuild the boat dock');

  // Someone else: an access message, no form.
  const stranger = await contractorContext.newPage();
  await stranger.goto(`/projects/${id}/edit`);
  await expect(stranger.getByRole('heading', { name: 'You cannot edit this project' })).toBeVisible();
  await expect(stranger.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);

  // The owner, while bidding: the link and the form.
  const owner = await ownerContext.newPage();
  await owner.goto(`/projects/${id}`);
  await expect(owner.getByRole('link', { name: 'Edit Project' })).toBeVisible();

  // Awarded: no link, and the edit address says why.
  const bid = await contractorContext.request.post(`/api/projects/${id}/bids`, {
    data: { amount: 9000, timeline: 20, proposal: 'Pressure-treated pine, twenty days.' },
  });
  expect(bid.status()).toBe(201);
  const accepted = await ownerContext.request.patch(`/api/bids/${(await bid.json()).id}/status`, {
    data: { status: 'accepted' },
  });
  expect(accepted.status()).toBeLessThan(300);
  await owner.reload();
  await expect(owner.getByRole('heading', { name: 'Rebuild the boat dock' })).toBeVisible();
  await expect(owner.getByRole('link', { name: 'Edit Project' })).toHaveCount(0);
  await owner.goto(`/projects/${id}/edit`);
  await expect(owner.getByRole('heading', { name: 'This project can no longer be edited' })).toBeVisible();
  await owner.getByRole('link', { name: 'Back to the project' }).click();
  await expect(owner).toHaveURL(new RegExp(`/projects/${id}$`));

  await ownerContext.close();
  await contractorContext.close();
});
