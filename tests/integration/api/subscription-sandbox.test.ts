import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SandboxPaymentGateway } from '#adapters/payments/sandbox-payment-gateway.ts';
import { PAYMENT_TOKENS } from '#api/payments.ts';
import { HandlePaymentEvent } from '#application/subscription/index.ts';
import { truncateAll } from '../support/database.ts';
import {
  bidOn,
  buildMarketplaceApp,
  type Caller,
  createProject,
  get,
  type MarketplaceApp,
  placeBid,
  send,
  signUp,
} from './marketplace-support.ts';

/**
 * No Stripe keys: the sandbox gateway. Its client secrets are confirmed by the test-mode card form
 * (POST /api/subscription/sandbox/confirm), and its events go through the same use case as the webhook.
 */
let t: MarketplaceApp;
let sandbox: SandboxPaymentGateway;
let owner: Caller;
let contractor: Caller;

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await buildMarketplaceApp();
  const gateway = t.composition.get(PAYMENT_TOKENS.Gateway);
  if (!(gateway instanceof SandboxPaymentGateway)) throw new Error('expected the sandbox gateway');
  sandbox = gateway;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await truncateAll(t.composition.orm);
  t.clearUploads();
  owner = await signUp(t, 'client');
  contractor = await signUp(t, 'contractor');
});

const subscribe = (cookie = contractor.cookie) => send(t, 'POST', '/api/create-subscription', cookie);
const confirm = (
  clientSecret: string,
  cardNumber = '4242 4242 4242 4242',
  cookie = contractor.cookie,
  card: { expiry?: string; cvc?: string } = {},
) =>
  send(t, 'POST', '/api/subscription/sandbox/confirm', cookie, {
    clientSecret,
    cardNumber,
    expiry: card.expiry ?? '12 / 40',
    cvc: card.cvc ?? '123',
  });
const view = async () => (await get(t, '/api/subscription', contractor.cookie)).json();
const quota = async () => (await get(t, '/api/users/me/quota', contractor.cookie)).json();

/** Time passes at the provider: the events it would send go to the webhook's use case. */
async function advance(days: number): Promise<void> {
  const handle = t.composition.get(HandlePaymentEvent);
  for (const event of sandbox.advance(days * DAY)) await handle.execute(event);
}

describe('the Pro journey in sandbox mode', () => {
  it('says so in GET /api/config', async () => {
    expect((await get(t, '/api/config')).json()).toMatchObject({
      paymentsMode: 'sandbox',
      stripePublishableKey: null,
    });
  });

  it('a free contractor at the limit subscribes, bids again, cancels, and is free after the period', async () => {
    for (let i = 0; i < 3; i += 1) await placeBid(t, contractor.cookie, await createProject(t, owner.cookie));
    const fourthProject = await createProject(t, owner.cookie);
    const refused = await bidOn(t, contractor.cookie, fourthProject);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'BID_LIMIT_REACHED' });

    // Subscribe: a first-time subscriber's trial, confirmed by saving a test card.
    const start = await subscribe();
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({
      alreadySubscribed: false,
      confirmation: 'setup',
      status: 'trialing',
      paymentsMode: 'sandbox',
    });
    const confirmed = await confirm(start.json().clientSecret, '4242 4242 4242 4242');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      plan: 'pro',
      status: 'trialing',
      cancelAtPeriodEnd: false,
      amount: '29.00',
      paymentsMode: 'sandbox',
      canUpdatePaymentMethod: false,
    });
    expect(confirmed.json().nextBillingDate).toBe(confirmed.json().trialEnd);
    expect((await subscribe()).json()).toMatchObject({ alreadySubscribed: true });

    // Pro (trialing): unlimited bids.
    expect((await bidOn(t, contractor.cookie, fourthProject)).statusCode).toBe(201);
    expect(await quota()).toMatchObject({ tier: 'pro', limit: null, bidsThisMonth: 4 });

    // Cancel at period end: still Pro until then.
    const cancelled = await send(t, 'POST', '/api/subscription/cancel', contractor.cookie);
    expect(cancelled.json()).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: true, nextBillingDate: null });
    expect((await bidOn(t, contractor.cookie, await createProject(t, owner.cookie))).statusCode).toBe(201);

    // The period (the trial) ends: free again, and every bid made stays.
    await advance(8);
    expect(await view()).toMatchObject({ plan: 'free', status: 'canceled' });
    expect(await quota()).toMatchObject({ tier: 'free', limit: 3, limitReached: true });
    const after = await bidOn(t, contractor.cookie, await createProject(t, owner.cookie));
    expect(after.statusCode).toBe(403);
    expect((await get(t, '/api/users/me/bids', contractor.cookie)).json()).toHaveLength(5);
  });

  it('a returning subscriber pays the first month: a declined card, then a good one', async () => {
    const trial = (await subscribe()).json();
    await confirm(trial.clientSecret);
    await send(t, 'POST', '/api/subscription/cancel', contractor.cookie);
    await advance(8);
    expect(await view()).toMatchObject({ plan: 'free' });

    const start = (await subscribe()).json();
    expect(start).toMatchObject({ status: 'incomplete', confirmation: 'payment', trialEnd: null });
    expect(start.subscriptionId).not.toBe(trial.subscriptionId);
    expect(await view()).toMatchObject({ plan: 'free', status: 'incomplete' });

    const declined = await confirm(start.clientSecret, '4000000000000002');
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toEqual({
      code: 'CARD_DECLINED',
      message: 'Your card was declined.',
      field: 'cardNumber',
    });
    expect(await view()).toMatchObject({ plan: 'free', status: 'incomplete' });
    const notes = await t.composition.orm.em
      .getConnection()
      .execute('select type, title, message from notifications where user_id = ?', [contractor.id]);
    expect(notes).toEqual([
      {
        type: 'system',
        title: 'Payment failed',
        message: expect.stringContaining('Your card was declined.'),
      },
    ]);
    // Calling create-subscription again reuses the incomplete subscription.
    expect((await subscribe()).json().clientSecret).toBe(start.clientSecret);

    const paid = await confirm(start.clientSecret, '4242424242424242');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ plan: 'pro', status: 'active', cancelAtPeriodEnd: false });
    const periodEnd = new Date(paid.json().currentPeriodEnd).getTime();
    expect(periodEnd - Date.now()).toBeGreaterThan(27 * DAY);
    expect(paid.json().nextBillingDate).toBe(paid.json().currentPeriodEnd);
    // Confirming the same secret again changes nothing.
    expect((await confirm(start.clientSecret)).json()).toMatchObject({ plan: 'pro', status: 'active' });

    // A month later the sandbox renews with the saved card.
    await advance(32);
    expect(await view()).toMatchObject({ plan: 'pro', status: 'active' });
  });

  it('refuses an invalid card number and another user’s client secret', async () => {
    const start = (await subscribe()).json();
    const wrong = await confirm(start.clientSecret, '4242 4242 4242 4241');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INCORRECT_NUMBER',
      message: 'Your card number is incorrect.',
    });
    const other = await signUp(t, 'contractor');
    const stolen = await confirm(start.clientSecret, undefined, other.cookie);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
    expect(
      (
        await send(t, 'POST', '/api/subscription/sandbox/confirm', undefined, {
          clientSecret: 'x',
          cardNumber: '4242424242424242',
          expiry: '12/40',
          cvc: '123',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('checks the expiry and the CVC as Stripe test mode does; a refused card leaves the user free', async () => {
    const start = (await subscribe()).json();
    const expired = await confirm(start.clientSecret, undefined, undefined, { expiry: '01/20' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      code: 'INVALID_EXPIRY_YEAR',
      message: "Your card's expiration date is in the past.",
      field: 'expiry',
    });
    const blank = await confirm(start.clientSecret, undefined, undefined, { cvc: '' });
    expect(blank.json()).toEqual({
      code: 'INCOMPLETE_CVC',
      message: "Your card's security code is incomplete.",
      field: 'cvc',
    });
    expect(
      (await confirm(start.clientSecret, undefined, undefined, { expiry: '13/40' })).json(),
    ).toMatchObject({
      code: 'INVALID_EXPIRY_MONTH',
    });
    expect((await confirm(start.clientSecret, undefined, undefined, { expiry: '' })).json()).toMatchObject({
      code: 'INVALID_EXPIRY',
    });
    // American Express numbers take a 4-digit CVC.
    expect(
      (await confirm(start.clientSecret, '378282246310005', undefined, { cvc: '123' })).json(),
    ).toMatchObject({ code: 'INCOMPLETE_CVC' });
    const declined = await confirm(start.clientSecret, '4000 0000 0000 0002');
    expect(declined.json()).toMatchObject({ code: 'CARD_DECLINED' });
    expect(await view()).toMatchObject({ plan: 'free', status: 'trialing' });
    expect((await get(t, '/api/auth/user', contractor.cookie)).json().subscriptionTier).toBe('free');
    // The form can be reached again: the same setup is still waiting, and a good card makes the user Pro.
    expect((await subscribe()).json()).toMatchObject({
      alreadySubscribed: false,
      clientSecret: start.clientSecret,
    });
    expect((await confirm(start.clientSecret)).json()).toMatchObject({ plan: 'pro', status: 'trialing' });
  });

  it('starting a subscription is not Pro: a contractor who leaves before confirming stays free', async () => {
    await subscribe();
    expect(await view()).toMatchObject({ plan: 'free', status: 'trialing', nextBillingDate: null });
    expect((await get(t, '/api/auth/user', contractor.cookie)).json().subscriptionTier).toBe('free');
    expect(await quota()).toMatchObject({ tier: 'free', limit: 3 });
  });

  it('refuses clients with 403 NOT_A_BIDDER', async () => {
    const res = await subscribe(owner.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'NOT_A_BIDDER' });
  });

  it('a trial without a saved card ends cancelled', async () => {
    await subscribe();
    expect(await view()).toMatchObject({ plan: 'free', status: 'trialing' });
    await advance(8);
    expect(await view()).toMatchObject({ plan: 'free', status: 'canceled' });
  });

  it('has no Stripe webhook (404) and no billing portal (409) in sandbox mode', async () => {
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
    await subscribe();
    const portal = await send(t, 'POST', '/api/subscription/portal', contractor.cookie);
    expect(portal.statusCode).toBe(409);
    expect(portal.json()).toMatchObject({ code: 'PORTAL_UNAVAILABLE' });
  });
});
