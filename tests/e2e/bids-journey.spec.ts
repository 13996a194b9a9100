import { expect, test } from '@playwright/test';
import { postProject, register } from './support/marketplace.ts';

/**
 * The bid UI belongs to the bids remote (apps/bids) and the projects remote shows it at run time:
 * the bid dialog on a project's page and Received Bids with Accept come from 'bids/BidDialog' and
 * 'bids/ReceivedBids'; My Bids is the bids remote's own page.
 */
test('a contractor bids through the bids remote on a projects page; the owner accepts it', async ({
  browser,
}) => {
  const clientContext = await browser.newContext();
  const contractorContext = await browser.newContext();
  const owner = clientContext.request;
  await register(owner, 'client', 'Olive');
  const projectId = await postProject(owner, 'Re-roof the beach house');
  await register(contractorContext.request, 'contractor', 'Carl');

  const contractor = await contractorContext.newPage();
  const bidsRemote: string[] = [];
  contractor.on('request', (r) => {
    if (r.url().includes('/remotes/bids/')) bidsRemote.push(r.url());
  });
  await contractor.goto(`/projects/${projectId}`);
  await expect(contractor.getByRole('heading', { name: 'Re-roof the beach house' })).toBeVisible();
  await contractor.getByRole('button', { name: 'Submit Bid' }).click();
  const dialog = contractor.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Submit Bid' })).toBeVisible();
  // The dialog came from the bids remote's own build.
  expect(bidsRemote.some((u) => u.endsWith('/remotes/bids/mf-manifest.json'))).toBe(true);
  await dialog.getByLabel('Bid Amount (USD)').fill('18500');
  await dialog.getByLabel('Timeline (days)').fill('21');
  await dialog.getByLabel('Proposal').fill('Standing-seam metal with hurricane clips, permit included.');
  await dialog.getByRole('button', { name: 'Submit Bid' }).click();
  await expect(dialog).toBeHidden();
  await expect(contractor.getByText('Your Bid', { exact: true })).toBeVisible();

  const client = await clientContext.newPage();
  await client.goto(`/projects/${projectId}`);
  const received = client.getByRole('region', { name: /Received Bids/ });
  await expect(received.getByRole('heading', { name: 'Received Bids (1)' })).toBeVisible();
  await expect(
    received.getByText('Standing-seam metal with hurricane clips, permit included.'),
  ).toBeVisible();
  // 'Message' on the bid opens the dialog with that bidder, titled with their name and the project.
  await received.getByRole('button', { name: 'Message Carl Tester' }).click();
  const chat = client.getByRole('dialog', { name: 'Message Carl Tester · Re-roof the beach house' });
  await expect(chat).toBeVisible();
  await chat.getByLabel('Message', { exact: true }).fill('Could you start on the 1st?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByText('Could you start on the 1st?')).toBeVisible();
  await chat.getByRole('button', { name: 'Close messages' }).click();
  await expect(chat).toBeHidden();

  // Accept asks first, naming the bidder and the amount; Cancel changes nothing and gives focus back.
  await received.getByRole('button', { name: 'Accept' }).click();
  const confirm = client.getByRole('alertdialog', { name: 'Accept this bid?' });
  await expect(confirm).toContainText('Accept the bid of Carl Tester for $18,500');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(received.getByRole('button', { name: 'Accept' })).toBeFocused();
  await client.keyboard.press('Enter');
  await client
    .getByRole('alertdialog', { name: 'Accept this bid?' })
    .getByRole('button', { name: 'Accept Bid' })
    .click();
  await expect(client.getByText('Bid status updated successfully')).toBeVisible();
  await expect(received.getByRole('button', { name: 'Accept' })).toBeHidden();
  // The decided bid's buttons are gone, so focus returns to the list.
  await expect(received.getByRole('heading', { name: 'Received Bids (1)' })).toBeFocused();

  await contractor.goto('/my-bids');
  await expect(contractor.getByRole('heading', { name: 'Re-roof the beach house' })).toBeVisible();
  await contractor.getByRole('tab', { name: /Accepted/ }).click();
  await expect(contractor.getByRole('heading', { name: 'Re-roof the beach house' })).toBeVisible();

  await clientContext.close();
  await contractorContext.close();
});
