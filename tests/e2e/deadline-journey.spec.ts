import { expect, test } from '@playwright/test';
import { postProject, register } from './support/marketplace.ts';

/** YYYY-MM-DD, `days` from now, in the browser's (and the test's) local time. */
function dateInput(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Issue 13 › deadline changes and addenda: the bid deadline passes, a late contractor is refused with a
 * 409 naming the deadline, the owner extends the deadline and posts an addendum from the project page,
 * the early bidder is told, and the late contractor gets in.
 */
test('an extended deadline lets a late bidder in; bidders hear of it and read the addendum', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const earlyContext = await browser.newContext();
  const lateContext = await browser.newContext();
  await register(ownerContext.request, 'client', 'Odette');
  await register(earlyContext.request, 'contractor', 'Earl');
  await register(lateContext.request, 'contractor', 'Lena');

  const deadline = new Date(Date.now() + 4_000);
  const projectId = await postProject(ownerContext.request, 'Rebuild the storm-damaged dock', {
    bidDeadline: deadline.toISOString(),
  });
  const early = await earlyContext.request.post(`/api/projects/${projectId}/bids`, {
    data: { amount: 9000, timeline: 20, proposal: 'Pressure-treated pilings, two weeks.' },
  });
  expect(early.status()).toBe(201);

  // The deadline passes: the late contractor's page offers no bid, and the API names the deadline.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline.getTime() - Date.now() + 500)));
  const late = await lateContext.newPage();
  await late.goto(`/projects/${projectId}`);
  await expect(late.getByRole('heading', { name: 'Rebuild the storm-damaged dock' })).toBeVisible();
  await expect(late.getByText(/· Ended$/)).toBeVisible();
  await expect(late.getByRole('button', { name: 'Submit Bid' })).toBeHidden();
  const refused = await lateContext.request.post(`/api/projects/${projectId}/bids`, {
    data: { amount: 8000, timeline: 15, proposal: 'Too late?' },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toContain(deadline.toISOString());

  // The owner extends the deadline from the project page.
  const owner = await ownerContext.newPage();
  await owner.goto(`/projects/${projectId}`);
  await owner.getByRole('button', { name: 'Extend Deadline' }).click();
  const dialog = owner.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Extend Bid Deadline' })).toBeVisible();
  await dialog.getByLabel('New bid deadline').fill(dateInput(3));
  await dialog.getByRole('button', { name: 'Save Deadline' }).click();
  await expect(owner.getByText('Deadline Extended', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(owner.getByText(/· \dd \d+h left$/)).toBeVisible();

  // ...and posts an addendum.
  await owner.getByRole('button', { name: 'Post Addendum' }).click();
  const addendum = owner.getByRole('dialog');
  await addendum.getByLabel('What changed').fill('Add a floating platform at the end of the dock.');
  await addendum.getByRole('button', { name: 'Post Addendum' }).click();
  await expect(owner.getByText('Addendum Posted', { exact: true })).toBeVisible();
  await expect(owner.getByRole('region', { name: 'Addenda' })).toContainText('Add a floating platform');

  // The early bidder was told (in-app; the socket and the mail carry the same).
  const notes = (await (await earlyContext.request.get('/api/notifications')).json()) as { title: string }[];
  expect(notes.map((n) => n.title)).toEqual(
    expect.arrayContaining(['Bid deadline changed', 'Addendum posted']),
  );

  // The late contractor now sees the new time left and the addendum, and bids.
  await late.reload();
  await expect(late.getByRole('region', { name: 'Addenda' })).toContainText('Add a floating platform');
  await expect(late.getByText(/· \dd \d+h left$/)).toBeVisible();
  await late.getByRole('button', { name: 'Submit Bid' }).click();
  const bid = late.getByRole('dialog');
  await bid.getByLabel('Bid Amount (USD)').fill('8000');
  await bid.getByLabel('Timeline (days)').fill('15');
  await bid.getByLabel('Proposal').fill('Hardwood decking and the floating platform, three weeks.');
  await bid.getByRole('button', { name: 'Submit Bid' }).click();
  await expect(bid).toBeHidden();
  await expect(late.getByText('Your Bid', { exact: true })).toBeVisible();

  await ownerContext.close();
  await earlyContext.close();
  await lateContext.close();
});
