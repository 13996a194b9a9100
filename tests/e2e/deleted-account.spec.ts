import { PASSWORD, postProject, register } from './support/marketplace.ts';
import { expect, test } from './support/page-hygiene.ts';

/**
 * A deleted contractor's pending bid (decision 0193): deleting the account withdraws it, the
 * owner is told and can no longer accept it, and a conversation with the deleted account is closed.
 */
test('a contractor bids and deletes their account; the owner sees the bid withdrawn, cannot accept it, and the conversation is closed', async ({
  browser,
  page,
}) => {
  const title = `Rebuild the dock ${Date.now()}`;
  const ownerContext = await browser.newContext();
  await register(ownerContext.request, 'client', 'Olive');
  const projectId = await postProject(ownerContext.request, title);

  await register(page.request, 'contractor', 'Dex');
  const bid = await page.request.post(`/api/projects/${projectId}/bids`, {
    data: { amount: 21000, timeline: 40, proposal: 'Greenheart piles and a new deck, before the season.' },
  });
  expect(bid.status()).toBe(201);
  const bidId = ((await bid.json()) as { id: string }).id;

  // The contractor deletes the account from the Profile.
  await page.goto('/profile?tab=preferences');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Current Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The owner is told, and sees the bid withdrawn, without Accept or Decline.
  const owner = await ownerContext.newPage();
  await owner.goto(`/projects/${projectId}`);
  const bell = owner.getByRole('button', { name: 'Notifications, 2 unread' });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await bell.click();
  const panel = owner.getByRole('dialog', { name: /Notifications/ });
  await expect(panel).toContainText('Bid withdrawn');
  await expect(panel).toContainText(
    `A bid of $21,000.00 on “${title}” was withdrawn: its bidder deleted their account.`,
  );
  await owner.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  const received = owner.getByRole('region', { name: /Received Bids/ });
  await expect(received.getByRole('heading', { name: 'Received Bids (1)' })).toBeVisible();
  await expect(received).toContainText('Deleted user');
  await expect(received).toContainText('Withdrawn');
  await expect(received.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(received.getByRole('button', { name: 'Decline' })).toHaveCount(0);
  // Nor from the comparison table.
  await received.getByRole('button', { name: 'Compare' }).click();
  await expect(received).toContainText('Withdrawn');
  await expect(received.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
  await received.getByRole('button', { name: 'List' }).click();

  // Asked directly, the API refuses it too, and the project stays open for bids.
  const accept = await ownerContext.request.patch(`/api/bids/${bidId}/status`, {
    data: { status: 'accepted' },
  });
  expect(accept.status()).toBe(409);
  expect(await accept.json()).toMatchObject({ code: 'BID_WITHDRAWN' });
  const project = await (await ownerContext.request.get(`/api/projects/${projectId}`)).json();
  expect(project).toMatchObject({ currentPhase: 'bidding', acceptedBidId: null });

  // Messaging the deleted user: the conversation is closed, with no composer.
  await received.getByRole('button', { name: 'Message Deleted user' }).click();
  const chat = owner.getByRole('dialog', { name: `Message Deleted user · ${title}` });
  await expect(chat.getByText('This account has been deleted; the conversation is closed')).toBeVisible();
  await expect(chat.getByLabel('Message', { exact: true })).toHaveCount(0);
  await expect(chat.getByRole('button', { name: 'Send' })).toHaveCount(0);
  await chat.getByRole('button', { name: 'Close messages' }).click();
  await expect(chat).toBeHidden();
  await ownerContext.close();
});
