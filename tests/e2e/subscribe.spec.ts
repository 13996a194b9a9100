import { expect, test } from '@playwright/test';

const password = 'hammer-and-nails';

/**
 * Pricing → Subscribe → the TEST-MODE sandbox card form (no Stripe keys in the test server, so
 * GET /api/config answers the sandbox and Stripe.js never loads) → back on the dashboard as Pro.
 */
test('a contractor upgrades to Pro from the pricing page with the sandbox card', async ({ page }) => {
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
