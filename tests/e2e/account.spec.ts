import type { Page } from '@playwright/test';
import { linkFromMail } from './support/mail.ts';
import { PASSWORD, postProject, register } from './support/marketplace.ts';
import { expect, test } from './support/page-hygiene.ts';

/** The account remote: pricing and Pro, and the account lifecycle. */

test.describe('pricing and subscribing', () => {
  const password = 'hammer-and-nails';

  /**
   * Pricing → Subscribe → the TEST-MODE sandbox card form (no Stripe keys in the test server, so
   * GET /api/config answers the sandbox and Stripe.js never loads) → back on the dashboard as Pro.
   */
  test('a contractor upgrades to Pro from the pricing page with the sandbox card', async ({
    page,
    hygiene,
  }) => {
    // The expired and the declined card are refused on purpose.
    hygiene.allowConsoleErrors(/status of 400.*\/api\/subscription\/sandbox\/confirm/);
    const email = `petra.${Date.now()}@example.com`;

    await page.goto('/register');
    await page.getByLabel('First Name').fill('Petra');
    await page.getByLabel('Last Name').fill('Munroe');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: /Account Type/ }).click();
    await page.getByRole('option', { name: 'Contractor - Bid on Projects' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Petra!' })).toBeVisible();
    // A free contractor sees the subscription card and no Pro badge yet.
    await expect(page.getByText('Starting at $29/month')).toBeVisible();
    await expect(page.getByText('Pro Member / Unlimited Bids')).toBeHidden();

    await page.goto('/pricing');
    await expect(page.getByText('Most Popular')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await page.getByRole('link', { name: 'Upgrade to Pro' }).click();

    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Upgrade to Pro' })).toBeVisible();
    await expect(page.getByText('TEST MODE')).toBeVisible();
    await expect(page.getByText('$29/month').first()).toBeVisible();

    // Opening /subscribe and leaving changes nothing: still free, no subscription started.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome back, Petra!' })).toBeVisible();
    await expect(page.getByText('Pro Member / Unlimited Bids')).toBeHidden();
    expect((await (await page.request.get('/api/auth/user')).json()).subscriptionTier).toBe('free');
    expect(await (await page.request.get('/api/subscription')).json()).toMatchObject({
      plan: 'free',
      status: null,
    });

    // Back again: the card form, not "You're Already Pro!". An expired card and a declined one leave the user free.
    await page.goto('/subscribe');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('01 / 20');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(page.getByText("Your card's expiration date is in the past.").first()).toBeVisible();

    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(page.getByText('Payment Failed')).toBeVisible();
    await expect(page.getByText('Your card was declined.').first()).toBeVisible();
    expect((await (await page.request.get('/api/auth/user')).json()).subscriptionTier).toBe('free');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Upgrade to Pro' })).toBeVisible();

    // The good test card: Pro.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();

    await expect(page.getByText('You are now subscribed to the Pro plan!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Pro Member / Unlimited Bids')).toBeVisible();
    expect((await (await page.request.get('/api/auth/user')).json()).subscriptionTier).toBe('pro');

    // /subscribe now recognises the Pro member; 'Manage Subscription' opens the Billing tab.
    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { name: "You're Already Pro!" })).toBeVisible();
    await page.getByRole('link', { name: 'Manage Subscription' }).click();
    await expect(page).toHaveURL(/\/profile\?tab=billing$/);
    await expect(page.getByRole('tab', { name: 'Billing', selected: true })).toBeVisible();
  });

  test('a client learns that Pro is for contractors and vendors, and cannot subscribe', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('First Name').fill('Cleo');
    await page.getByLabel('Last Name').fill('Knowles');
    await page.getByLabel('Email address').fill(`cleo.${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Cleo!' })).toBeVisible();

    await page.goto('/pricing');
    await expect(page.getByText(/Switch your role to contractor or vendor to subscribe/)).toBeVisible();
    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { name: 'Pro is for contractors and vendors' })).toBeVisible();
    const refused = await page.request.post('/api/create-subscription');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('NOT_A_BIDDER');
  });
});

test.describe('the account lifecycle', () => {
  /**
   * Decision 0160 › the account lifecycle in the browser: a forgotten password, a password change, email
   * verification, and deleting an account (with what stays for the others). Links come out of the mails
   * the server wrote into its outbox folder.
   */

  const NEW_PASSWORD = 'trowel-and-level-7';

  async function signInThroughTheForm(page: Page, email: string, password: string) {
    await page.goto('/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  test('a forgotten password is reset from the mailed link; the old session is refused', async ({
    browser,
    page,
    hygiene,
  }) => {
    // The used link and the old password are refused on purpose.
    hygiene.allowConsoleErrors(
      /status of 400.*\/api\/auth\/reset-password/,
      /status of 401.*\/api\/auth\/signin/,
    );
    // Another browser holds a session from before the reset.
    const oldBrowser = await browser.newContext();
    const { email } = await register(oldBrowser.request, 'client', 'Fiona');
    expect((await oldBrowser.request.get('/api/auth/user')).status()).toBe(200);

    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText(
        'If an account exists for that email, we have sent a link to reset its password. The link works for one hour.',
      ),
    ).toBeVisible();

    await page.goto(await linkFromMail(email, '/reset-password'));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();

    // Signed in on the new password, on the dashboard.
    await expect(page.getByRole('heading', { name: 'Welcome back, Fiona!' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // Every other session of the account was revoked.
    expect((await oldBrowser.request.get('/api/auth/user')).status()).toBe(401);
    await oldBrowser.close();

    // The link worked once.
    const used = await linkFromMail(email, '/reset-password');
    const other = await browser.newPage();
    await other.goto(used);
    await other.getByLabel('New Password').fill('another-one-9');
    await other.getByLabel('Confirm Password').fill('another-one-9');
    await other.getByRole('button', { name: 'Reset password' }).click();
    // Said once: no 'Ask for a new one.' before the 'Ask for a new link' link.
    await expect(other.getByRole('alert')).toHaveText(
      'This reset link is invalid or has expired. Ask for a new link',
    );
    await other.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(other.getByRole('heading', { name: 'Reset your password' })).toBeVisible();

    // The old password no longer signs in; the new one does.
    await signInThroughTheForm(other, email, PASSWORD);
    await expect(other.getByRole('alert')).toContainText('Invalid email or password');
    await signInThroughTheForm(other, email, NEW_PASSWORD);
    await expect(other.getByRole('heading', { name: 'Welcome back, Fiona!' })).toBeVisible();
    await other.close();
  });

  test('a password changed on the Profile tab signs in next time', async ({ page, hygiene }) => {
    // A wrong current password is refused on purpose.
    hygiene.allowConsoleErrors(/status of 400.*\/api\/users\/me\/password/);
    const { email } = await register(page.request, 'contractor', 'Gus');
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Change Password' });
    await card.getByLabel('Current Password').fill('not-my-password');
    await card.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await card.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await card.getByRole('button', { name: 'Change Password' }).click();
    await expect(card.getByText('Your current password is not correct')).toBeVisible();

    await card.getByLabel('Current Password').fill(PASSWORD);
    await card.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password changed. Your other sessions were signed out.')).toBeVisible();
    await expect(card.getByLabel('Current Password')).toHaveValue('');

    await page.getByRole('button', { name: /Gus Tester/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: 'Get started', exact: true })).toBeVisible();
    await signInThroughTheForm(page, email, NEW_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Welcome back, Gus!' })).toBeVisible();
  });

  test('a new account sees the verify banner until the mailed link is opened', async ({ page }) => {
    const email = `vera.${Date.now()}@example.com`;
    await page.goto('/register');
    await page.getByLabel('First Name').fill('Vera');
    await page.getByLabel('Last Name').fill('Tester');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByRole('heading', { name: 'Welcome back, Vera!' })).toBeVisible();
    const banner = page.getByText(`Please verify your email address. We sent a link to ${email}.`);
    await expect(banner).toBeVisible();
    await page.getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByText(`We sent a new verification link to ${email}.`)).toBeVisible();

    await page.goto(await linkFromMail(email, '/verify-email'));
    await expect(page.getByText('Your email is verified')).toBeVisible();
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Vera!' })).toBeVisible();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back, Vera!' })).toBeVisible();
    await expect(banner).toBeHidden();
  });

  test("a contractor deletes their account; the owner sees 'Deleted user' on the bid; the email registers again", async ({
    browser,
    page,
    hygiene,
  }) => {
    // A wrong password is refused on purpose.
    hygiene.allowConsoleErrors(/status of 400.*\/api\/users\/me\/delete/);
    const ownerContext = await browser.newContext();
    await register(ownerContext.request, 'client', 'Olive');
    const projectId = await postProject(ownerContext.request, 'Rebuild the sea wall');

    const { email } = await register(page.request, 'contractor', 'Dex');
    const bid = await page.request.post(`/api/projects/${projectId}/bids`, {
      data: {
        amount: 21000,
        timeline: 40,
        proposal: 'Granite riprap and a poured cap, done before the season.',
      },
    });
    expect(bid.status()).toBe(201);

    await page.goto('/profile?tab=preferences');
    // The data first: the export downloads as a file.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    expect((await download).suggestedFilename()).toBe('buildbid-data.json');

    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('your projects without an accepted bid, and their files');
    await expect(dialog).toContainText("shown as 'Deleted user'");
    await dialog.getByLabel('Current Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('Your current password is not correct')).toBeVisible();
    await dialog.getByLabel('Current Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    // Signed out, on the home page.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Get started', exact: true })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    const owner = await ownerContext.newPage();
    await owner.goto(`/projects/${projectId}`);
    const received = owner.getByRole('region', { name: /Received Bids/ });
    await expect(received.getByRole('heading', { name: 'Received Bids (1)' })).toBeVisible();
    await expect(received).toContainText('Deleted user');
    await expect(received).not.toContainText('Dex Tester');
    await ownerContext.close();

    // The address is free again.
    const again = await browser.newContext();
    const res = await again.request.post('/api/auth/register', {
      data: { email, password: PASSWORD, firstName: 'Dex', lastName: 'Again', role: 'contractor' },
    });
    expect(res.status()).toBe(201);
    await again.close();
  });
});
