import { PASSWORD, postProject, promoteToAdmin, register } from './support/marketplace.ts';
import { expect, test } from './support/page-hygiene.ts';

/**
 * Suspending an account (issue 27 item 3, decision 0223): from the admin's users table, a suspension signs the
 * contractor's open tab out at once (the server closes its socket; the shell checks the session and shows the
 * signed-out page), sign-in is refused with the last day, and the contractor's pending bid shows as withdrawn
 * to the owner, who is told.
 */
test('an admin suspends a contractor, whose open session is signed out at once, who cannot sign in, and whose pending bid shows as withdrawn to the owner', async ({
  browser,
  page,
  hygiene,
}) => {
  // The signed-out tab's last calls, and the refused sign-in, are answered 401 and 403 on purpose.
  hygiene.allowConsoleErrors(/status of 401/);
  hygiene.allowConsoleErrors(/status of 403.*\/api\/auth\/signin/);
  const stamp = `${Date.now() % 1_000_000}`;
  const title = `Reroof the boathouse ${stamp}`;

  const ownerContext = await browser.newContext();
  await register(ownerContext.request, 'client', 'Olive');
  const projectId = await postProject(ownerContext.request, title);

  const contractor = await register(page.request, 'contractor', `Dex${stamp}`);
  const bid = await page.request.post(`/api/projects/${projectId}/bids`, {
    data: { amount: 18500, timeline: 21, proposal: 'Standing-seam metal, fixed to the original rafters.' },
  });
  expect(bid.status()).toBe(201);

  const adminContext = await browser.newContext();
  const admin = await register(adminContext.request, 'client', 'Ada');
  promoteToAdmin(admin.email);

  // The contractor's tab is open and its socket connected.
  let socketAnswered = false;
  page.on('websocket', (ws) => ws.on('framereceived', () => (socketAnswered = true)));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome back, Dex${stamp}!` })).toBeVisible();
  await expect.poll(() => socketAnswered).toBe(true);

  // The admin suspends the contractor for 3 days from the users table.
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin');
  await adminPage.getByRole('searchbox', { name: 'Search users' }).fill(`dex${stamp} tester`);
  const table = adminPage.getByRole('table', { name: /^Users/ });
  await expect(table.getByRole('rowheader')).toHaveText([`Dex${stamp} Tester`]);
  await table.getByRole('button', { name: `Suspend Dex${stamp} Tester` }).click();
  const dialog = adminPage.getByRole('dialog', { name: `Suspend Dex${stamp} Tester?` });
  await dialog.getByRole('textbox', { name: 'Days' }).fill('3');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Asked the owner to pay in cash, off BuildBid.');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(dialog).toBeHidden();
  await expect(adminPage.getByText(new RegExp(`Dex${stamp} Tester is suspended through `))).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: `Dex${stamp} Tester` });
  await expect(row).toContainText('Suspended through');
  await expect(row.getByRole('button', { name: `Lift suspension of Dex${stamp} Tester` })).toBeVisible();
  const log = adminPage.getByRole('region', { name: 'Moderation log' }).first();
  await expect(log.getByRole('row').filter({ hasText: contractor.email })).toContainText(
    'Asked the owner to pay in cash, off BuildBid.',
  );

  // The contractor's open tab is signed out at once: no reload, no click.
  await expect(page.getByRole('link', { name: 'Get started', exact: true })).toBeVisible({ timeout: 3_000 });
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  // Signing in again is refused, with the suspension's last day.
  await page.goto('/signin');
  await page.getByLabel('Email').fill(contractor.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(
    /Your account is suspended through [A-Z][a-z]{2} \d{1,2}, \d{4}\. You can sign in again after that day\./,
  );
  await expect(page).toHaveURL(/\/signin$/);

  // The owner is told, and sees the bid withdrawn, with nothing to accept or decline.
  const owner = await ownerContext.newPage();
  await owner.goto(`/projects/${projectId}`);
  const bell = owner.getByRole('button', { name: 'Notifications, 2 unread' });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await bell.click();
  const panel = owner.getByRole('dialog', { name: /Notifications/ });
  await expect(panel).toContainText(
    `A bid of $18,500.00 on “${title}” was withdrawn: its bidder's account was suspended.`,
  );
  await owner.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  const received = owner.getByRole('region', { name: /Received Bids/ });
  await expect(received).toContainText(`Dex${stamp} Tester`);
  await expect(received).toContainText('Withdrawn');
  await expect(received.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(received.getByRole('button', { name: 'Decline' })).toHaveCount(0);

  await adminContext.close();
  await ownerContext.close();
});
