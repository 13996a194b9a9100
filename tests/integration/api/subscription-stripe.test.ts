import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { truncateAll } from '../support/database.ts';
import { FAKE_STRIPE, FakeStripe } from '../support/fake-stripe.ts';
import { type Caller, get, makePro, send, signUp } from './marketplace-support.ts';

/**
 * The payment endpoints with Stripe configured: the real SDK talks to a local fake Stripe, and webhooks
 * are signed with the SDK's generateTestHeaderString. No network.
 */
let t: TestApp;
let fake: FakeStripe;
let dataDir: string;
let contractor: Caller;

beforeAll(async () => {
  fake = await new FakeStripe().start();
  dataDir = mkdtempSync(join(tmpdir(), 'buildbid-stripe-'));
  t = await buildTestApp({ ...fake.env(), DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await truncateAll(t.composition.orm);
  fake.reset();
  contractor = await signUp(t, 'contractor');
});

const subscribe = (cookie = contractor.cookie) => send(t, 'POST', '/api/create-subscription', cookie);
const subscription = (cookie = contractor.cookie) => get(t, '/api/subscription', cookie);
const tier = async (cookie = contractor.cookie) =>
  (await get(t, '/api/auth/user', cookie)).json().subscriptionTier;

function deliver(event: { body: string; signature: string }, signature: string | null = event.signature) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload: event.body,
  });
}

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.composition.orm.em.getConnection().execute(query, params);
}

/** A returning subscriber (a cancelled subscription before): no trial, the first invoice must be paid. */
async function startWithoutTrial(): Promise<string> {
  const first = (await subscribe()).json();
  fake.setStatus(first.subscriptionId, 'canceled');
  await deliver(fake.webhook('customer.subscription.deleted', fake.subscriptionObject(first.subscriptionId)));
  const second = (await subscribe()).json();
  expect(second).toMatchObject({ status: 'incomplete', confirmation: 'payment' });
  return second.subscriptionId as string;
}

describe('GET /api/config', () => {
  it("gives the frontends Stripe's publishable key and the Pro price, without a session", async () => {
    const res = await get(t, '/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      paymentsMode: 'stripe',
      stripePublishableKey: FAKE_STRIPE.publishableKey,
      proPlan: { amount: '29.00', currency: 'usd', interval: 'month', trialDays: 7 },
    });
  });
});

describe('POST /api/create-subscription', () => {
  it('needs a session', async () => {
    expect((await send(t, 'POST', '/api/create-subscription', undefined)).statusCode).toBe(401);
  });

  it("gives a first-time subscriber the 7-day trial: the pending SetupIntent's client secret", async () => {
    const res = await subscribe();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      alreadySubscribed: false,
      confirmation: 'setup',
      status: 'trialing',
      paymentsMode: 'stripe',
    });
    expect(body.clientSecret).toMatch(/^seti_.+_secret_/);
    const [created] = [...fake.subscriptions.values()];
    expect(body.subscriptionId).toBe(created?.id);
    expect(new Date(body.trialEnd).getTime()).toBe((created?.trialEnd ?? 0) * 1000);

    const [user] = await sql<{ stripe_customer_id: string; stripe_subscription_id: string }>(
      'select stripe_customer_id, stripe_subscription_id from users where id = ?',
      [contractor.id],
    );
    expect(user).toEqual({ stripe_customer_id: created?.customer, stripe_subscription_id: created?.id });
    expect([...fake.customers.values()][0]).toMatchObject({
      email: contractor.email,
      metadata: { userId: contractor.id },
    });
    // The trial waits for its card: no payment method on file yet, so the user is still free.
    expect(await tier()).toBe('free');
    expect((await subscription()).json()).toMatchObject({ plan: 'free', status: 'trialing' });
    const request = fake.requestsTo('POST', '/v1/subscriptions')[0]?.params;
    expect(request?.get('payment_behavior')).toBe('default_incomplete');
    expect(request?.get('trial_settings[end_behavior][missing_payment_method]')).toBe('cancel');
    expect(request?.get('payment_settings[save_default_payment_method]')).toBe('on_subscription');
    expect(request?.get('payment_settings[payment_method_types][0]')).toBe('card');
  });

  it('makes the trial Pro only once Stripe confirms the card setup (webhook)', async () => {
    const start = (await subscribe()).json();
    // The card is declined in the browser: the SetupIntent waits for another card; still free.
    fake.declineSetup(start.subscriptionId);
    await deliver(
      fake.webhook('customer.subscription.updated', fake.subscriptionObject(start.subscriptionId)),
    );
    expect(await tier()).toBe('free');
    // Coming back to /subscribe shows the card form again: the same setup secret, not 'Already Pro'.
    const again = (await subscribe()).json();
    expect(again).toMatchObject({ alreadySubscribed: false, clientSecret: start.clientSecret });

    fake.completeSetup(start.subscriptionId);
    const res = await deliver(
      fake.webhook('customer.subscription.updated', fake.subscriptionObject(start.subscriptionId)),
    );
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await tier()).toBe('pro');
    expect((await subscription()).json()).toMatchObject({ plan: 'pro', status: 'trialing' });
    expect((await subscribe()).json()).toMatchObject({ alreadySubscribed: true, status: 'trialing' });
  });

  it('refuses clients and admins: only contractors and vendors may subscribe (403)', async () => {
    for (const role of ['client', 'admin'] as const) {
      const other = await signUp(t, role);
      const res = await subscribe(other.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'NOT_A_BIDDER' });
      expect(res.json().message).toMatch(/contractors and vendors/);
    }
    const vendor = await signUp(t, 'vendor');
    expect((await subscribe(vendor.cookie)).statusCode).toBe(200);
    expect(fake.requestsTo('POST', '/v1/subscriptions')).toHaveLength(1);
  });

  it('called again, reuses the waiting subscription and the customer: never two', async () => {
    const first = (await subscribe()).json();
    const second = (await subscribe()).json();
    expect(second.clientSecret).toBe(first.clientSecret);
    expect(second.subscriptionId).toBe(first.subscriptionId);
    expect(fake.subscriptions.size).toBe(1);
    expect(fake.customers.size).toBe(1);
  });

  it('two concurrent calls make one customer and one subscription (row lock, idempotency keys)', async () => {
    const answers = await Promise.all([subscribe(), subscribe(), subscribe()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().clientSecret)).size).toBe(1);
    expect(fake.subscriptions.size).toBe(1);
    expect(fake.customers.size).toBe(1);
    expect(fake.requestsTo('POST', '/v1/customers')[0]?.idempotencyKey).toBe(
      `buildbid-customer-${contractor.id}`,
    );
    expect(fake.requestsTo('POST', '/v1/subscriptions')[0]?.idempotencyKey).toBe(
      `buildbid-subscription-${contractor.id}-after-none`,
    );
  });

  it("gives a returning subscriber no trial: the first invoice's payment secret; Pro once paid", async () => {
    const subscriptionId = await startWithoutTrial();
    expect(fake.subscriptions.size).toBe(2);
    expect(fake.customers.size).toBe(1);
    const second = fake.requestsTo('POST', '/v1/subscriptions')[1];
    expect(second?.params.has('trial_period_days')).toBe(false);
    expect(second?.idempotencyKey).toMatch(/-after-sub_/);
    expect(await tier()).toBe('free');

    fake.pay(subscriptionId);
    const paid = await deliver(fake.webhook('invoice.paid', fake.invoiceObject(subscriptionId)));
    expect(paid.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await tier()).toBe('pro');
  });

  it("answers an active subscriber without a client secret ('Already Subscribed')", async () => {
    const subscriptionId = await startWithoutTrial();
    fake.pay(subscriptionId);
    await deliver(fake.webhook('invoice.paid', fake.invoiceObject(subscriptionId)));
    const res = await subscribe();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ alreadySubscribed: true, status: 'active', subscriptionId });
    expect(res.json()).not.toHaveProperty('clientSecret');
    expect(fake.subscriptions.size).toBe(2);
  });

  it('answers a user made Pro by hand (no provider subscription) as already subscribed', async () => {
    await makePro(t, contractor.id);
    const res = await subscribe();
    expect(res.json()).toMatchObject({ alreadySubscribed: true });
    expect(res.json()).not.toHaveProperty('clientSecret');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('applies a valid event from the subscription Stripe reports now', async () => {
    const subscriptionId = await startWithoutTrial();
    fake.pay(subscriptionId);
    const res = await deliver(
      fake.webhook('customer.subscription.updated', fake.subscriptionObject(subscriptionId)),
    );
    expect(res.statusCode).toBe(200);
    expect(await tier()).toBe('pro');
    const view = (await subscription()).json();
    expect(view).toMatchObject({ plan: 'pro', status: 'active', cancelAtPeriodEnd: false, amount: '29.00' });
  });

  it('answers 400 to a bad or missing signature and changes nothing', async () => {
    const subscriptionId = await startWithoutTrial();
    fake.pay(subscriptionId);
    const handled = await sql('select id from payment_events');
    const forged = fake.webhook('invoice.paid', fake.invoiceObject(subscriptionId), {
      secret: 'whsec_attacker',
    });
    const bad = await deliver(forged);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    const event = fake.webhook('invoice.paid', fake.invoiceObject(subscriptionId));
    expect((await deliver(event, null)).statusCode).toBe(400);
    expect(
      (await deliver({ ...event, body: event.body.replace('invoice.paid', 'invoice.paie') })).statusCode,
    ).toBe(400);
    expect(await tier()).toBe('free');
    expect(await sql('select id from payment_events')).toEqual(handled);
  });

  it('handles each event once: a replay changes nothing', async () => {
    const subscriptionId = await startWithoutTrial();
    fake.pay(subscriptionId);
    const paid = fake.webhook('invoice.paid', fake.invoiceObject(subscriptionId));
    expect((await deliver(paid)).json().outcome).toBe('applied');
    const handled = await sql('select id from payment_events');
    expect(await tier()).toBe('pro');

    // Meanwhile the subscription lapsed; the replayed old event must not re-read and re-apply anything.
    fake.setStatus(subscriptionId, 'past_due');
    const before = fake.requests.length;
    const replay = await deliver(paid);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe('duplicate');
    expect(await tier()).toBe('pro');
    expect(fake.requests.length).toBe(before);
    expect(await sql('select id from payment_events')).toEqual(handled);
    expect(handled).toContainEqual({ id: paid.id });
  });

  it("copes with events out of order: Stripe's current state decides, not the event or its order", async () => {
    const subscriptionId = await startWithoutTrial();
    const createdEvent = fake.webhook(
      'customer.subscription.created',
      fake.subscriptionObject(subscriptionId),
    );
    fake.pay(subscriptionId);
    const updatedEvent = fake.webhook(
      'customer.subscription.updated',
      fake.subscriptionObject(subscriptionId),
    );
    // The newer event first, then the older 'created' one whose payload still says incomplete.
    await deliver(updatedEvent);
    await deliver(createdEvent);
    expect(await tier()).toBe('pro');

    // A late 'updated' still saying active, after Stripe cancelled it: free.
    const staleActive = fake.webhook(
      'customer.subscription.updated',
      fake.subscriptionObject(subscriptionId),
    );
    fake.setStatus(subscriptionId, 'canceled');
    await deliver(fake.webhook('customer.subscription.deleted', fake.subscriptionObject(subscriptionId)));
    await deliver(staleActive);
    expect(await tier()).toBe('free');
    expect((await subscription()).json()).toMatchObject({ plan: 'free', status: 'canceled' });
  });

  it("never lets an old subscription's late news downgrade the current one", async () => {
    const first = (await subscribe()).json();
    fake.setStatus(first.subscriptionId, 'canceled');
    const late = fake.webhook('customer.subscription.deleted', fake.subscriptionObject(first.subscriptionId));
    const second = (await subscribe()).json();
    expect(second.subscriptionId).not.toBe(first.subscriptionId);
    fake.pay(second.subscriptionId);
    await deliver(fake.webhook('invoice.paid', fake.invoiceObject(second.subscriptionId)));
    expect(await tier()).toBe('pro');
    await deliver(late);
    expect(await tier()).toBe('pro');
    expect((await subscription()).json()).toMatchObject({ plan: 'pro', status: 'active' });
  });

  it('acknowledges and ignores an event type it does not handle', async () => {
    const event = fake.webhook('customer.created', { id: 'cus_x', object: 'customer' });
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await sql('select id from payment_events')).toEqual([]);
  });

  it('tells the user of a failed payment with a system notification, once', async () => {
    const subscriptionId = await startWithoutTrial();
    const failed = fake.webhook('invoice.payment_failed', fake.invoiceObject(subscriptionId));
    expect((await deliver(failed)).json().outcome).toBe('applied');
    expect((await deliver(failed)).json().outcome).toBe('duplicate');
    const rows = await sql<{ type: string; title: string }>(
      'select type, title from notifications where user_id = ?',
      [contractor.id],
    );
    expect(rows).toEqual([{ type: 'system', title: 'Payment failed' }]);
    expect(await tier()).toBe('free');
  });

  it('acknowledges an event about a customer it does not know', async () => {
    const event = fake.webhook('customer.subscription.updated', {
      id: 'sub_unknown',
      object: 'subscription',
      customer: 'cus_unknown',
      metadata: {},
    });
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'unknown_user' });
  });
});

describe('GET /api/subscription, cancel and portal', () => {
  it('shows a never-subscribed user the free plan and the Pro price', async () => {
    const res = await subscription();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      plan: 'free',
      status: null,
      trialEnd: null,
      currentPeriodEnd: null,
      nextBillingDate: null,
      cancelAtPeriodEnd: false,
      amount: '29.00',
      currency: 'usd',
      interval: 'month',
      paymentsMode: 'stripe',
      canUpdatePaymentMethod: false,
    });
  });

  it('cancels at period end: Pro until then, no next charge; then free when Stripe ends it', async () => {
    const subscriptionId = await startWithoutTrial();
    fake.pay(subscriptionId);
    await deliver(fake.webhook('invoice.paid', fake.invoiceObject(subscriptionId)));
    const active = (await subscription()).json();
    expect(active).toMatchObject({ plan: 'pro', status: 'active', canUpdatePaymentMethod: true });
    expect(active.nextBillingDate).toBe(active.currentPeriodEnd);

    const res = await send(t, 'POST', '/api/subscription/cancel', contractor.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      plan: 'pro',
      status: 'active',
      cancelAtPeriodEnd: true,
      nextBillingDate: null,
    });
    expect(res.json().currentPeriodEnd).toBe(active.currentPeriodEnd);
    expect(
      fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)[0]?.params.get('cancel_at_period_end'),
    ).toBe('true');
    expect(await tier()).toBe('pro');

    fake.setStatus(subscriptionId, 'canceled');
    await deliver(fake.webhook('customer.subscription.deleted', fake.subscriptionObject(subscriptionId)));
    expect(await tier()).toBe('free');
    expect((await send(t, 'POST', '/api/subscription/cancel', contractor.cookie)).json()).toMatchObject({
      code: 'NO_ACTIVE_SUBSCRIPTION',
    });
  });

  it('refuses to cancel without an active subscription (409)', async () => {
    const res = await send(t, 'POST', '/api/subscription/cancel', contractor.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NO_ACTIVE_SUBSCRIPTION' });
  });

  it("opens Stripe's billing portal for 'Update Payment Method', returning to /profile", async () => {
    expect((await send(t, 'POST', '/api/subscription/portal', contractor.cookie)).json()).toMatchObject({
      code: 'NO_PAYMENT_CUSTOMER',
    });
    await subscribe();
    const res = await send(t, 'POST', '/api/subscription/portal', contractor.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect(fake.requestsTo('POST', '/v1/billing_portal/sessions')[0]?.params.get('return_url')).toBe(
      `${t.config.publicUrl}/profile`,
    );
  });

  it('has no sandbox confirmation while Stripe is configured (404)', async () => {
    const res = await send(t, 'POST', '/api/subscription/sandbox/confirm', contractor.cookie, {
      clientSecret: 'x',
      cardNumber: '4242424242424242',
      expiry: '12 / 40',
      cvc: '123',
    });
    expect(res.statusCode).toBe(404);
  });
});
