import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StripePaymentGateway } from '#adapters/payments/stripe-payment-gateway.ts';
import { FAKE_STRIPE, FakeStripe } from '../support/fake-stripe.ts';

/** The Stripe adapter on the real SDK against a local fake Stripe (no network). */
let fake: FakeStripe;
let gateway: StripePaymentGateway;

beforeAll(async () => {
  fake = await new FakeStripe().start();
  gateway = new StripePaymentGateway({
    secretKey: FAKE_STRIPE.secretKey,
    webhookSecret: FAKE_STRIPE.webhookSecret,
    priceId: FAKE_STRIPE.priceId,
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

const customer = () =>
  gateway.createCustomer(
    { userId: 'u1', email: 'ann@example.com', name: 'Ann Lee' },
    { idempotencyKey: 'k-u1' },
  );

describe('StripePaymentGateway', () => {
  it('creates a customer with our user id, once per idempotency key', async () => {
    const first = await customer();
    expect(await customer()).toBe(first);
    expect(fake.customers.size).toBe(1);
    const [request] = fake.requestsTo('POST', '/v1/customers');
    expect(request?.idempotencyKey).toBe('k-u1');
    expect(Object.fromEntries(request?.params ?? [])).toMatchObject({
      email: 'ann@example.com',
      name: 'Ann Lee',
      'metadata[userId]': 'u1',
    });
  });

  it("starts a trial subscription: default_incomplete, 7 days, the pending SetupIntent's secret", async () => {
    const customerId = await customer();
    const sub = await gateway.createSubscription({
      customerId,
      userId: 'u1',
      trialDays: 7,
      idempotencyKey: 's1',
    });
    expect(sub).toMatchObject({
      customerId,
      userId: 'u1',
      status: 'trialing',
      confirmation: 'setup',
      cancelAtPeriodEnd: false,
      amountCents: 2900,
      currency: 'usd',
    });
    expect(sub.clientSecret).toMatch(/^seti_.+_secret_/);
    expect(sub.trialEnd?.getTime()).toBe(sub.currentPeriodEnd?.getTime());
    expect((sub.trialEnd?.getTime() ?? 0) - sub.createdAt.getTime()).toBe(7 * 24 * 3600 * 1000);

    const [request] = fake.requestsTo('POST', '/v1/subscriptions');
    expect(request?.idempotencyKey).toBe('s1');
    const params = request?.params as URLSearchParams;
    expect(params.get('customer')).toBe(customerId);
    expect(params.get('items[0][price]')).toBe(FAKE_STRIPE.priceId);
    expect(params.get('payment_behavior')).toBe('default_incomplete');
    expect(params.get('trial_period_days')).toBe('7');
    expect(params.get('trial_settings[end_behavior][missing_payment_method]')).toBe('cancel');
    expect(params.get('payment_settings[save_default_payment_method]')).toBe('on_subscription');
    expect(params.get('metadata[userId]')).toBe('u1');
    expect(params.getAll('expand[0]').concat(params.getAll('expand[1]'))).toEqual([
      'latest_invoice.confirmation_secret',
      'pending_setup_intent',
    ]);
  });

  it("answers the first invoice's confirmation secret without a trial, and none once paid", async () => {
    const customerId = await customer();
    const sub = await gateway.createSubscription({
      customerId,
      userId: 'u1',
      trialDays: 0,
      idempotencyKey: 's2',
    });
    expect(sub).toMatchObject({ status: 'incomplete', confirmation: 'payment', trialEnd: null });
    expect(sub.clientSecret).toMatch(/^pi_.+_secret_/);
    expect(fake.requestsTo('POST', '/v1/subscriptions')[0]?.params.has('trial_period_days')).toBe(false);

    fake.pay(sub.id);
    const paid = await gateway.getSubscription(sub.id);
    expect(paid).toMatchObject({ id: sub.id, status: 'active', clientSecret: null, confirmation: null });
    const retrieve = fake.requestsTo('GET', `/v1/subscriptions/${sub.id}`)[0];
    expect(retrieve?.params.getAll('expand[0]')).toEqual(['latest_invoice.confirmation_secret']);
  });

  it('answers null for a subscription Stripe does not know', async () => {
    expect(await gateway.getSubscription('sub_nope')).toBeNull();
  });

  it("lists a customer's subscriptions of every state, newest first, expanded", async () => {
    const customerId = await customer();
    const a = await gateway.createSubscription({
      customerId,
      userId: 'u1',
      trialDays: 0,
      idempotencyKey: 'a',
    });
    fake.setStatus(a.id, 'canceled');
    const b = await gateway.createSubscription({
      customerId,
      userId: 'u1',
      trialDays: 0,
      idempotencyKey: 'b',
    });
    const list = await gateway.listSubscriptions(customerId);
    expect(list.map((s) => [s.id, s.status])).toEqual([
      [b.id, 'incomplete'],
      [a.id, 'canceled'],
    ]);
    expect(list[0]?.clientSecret).toBe(b.clientSecret);
    const request = fake.requestsTo('GET', '/v1/subscriptions')[0]?.params as URLSearchParams;
    expect(request.get('status')).toBe('all');
    expect(request.get('customer')).toBe(customerId);
    expect(request.get('expand[0]')).toBe('data.latest_invoice.confirmation_secret');
  });

  it('cancels at period end and opens a billing portal session', async () => {
    const customerId = await customer();
    const sub = await gateway.createSubscription({
      customerId,
      userId: 'u1',
      trialDays: 0,
      idempotencyKey: 'c',
    });
    fake.pay(sub.id);
    const cancelled = await gateway.cancelAtPeriodEnd(sub.id);
    expect(cancelled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(
      fake.requestsTo('POST', `/v1/subscriptions/${sub.id}`)[0]?.params.get('cancel_at_period_end'),
    ).toBe('true');

    const portal = await gateway.createPortalSession({
      customerId,
      returnUrl: 'http://localhost:3000/profile',
    });
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const request = fake.requestsTo('POST', '/v1/billing_portal/sessions')[0]?.params as URLSearchParams;
    expect(request.get('customer')).toBe(customerId);
    expect(request.get('return_url')).toBe('http://localhost:3000/profile');
  });

  describe('parseWebhook', () => {
    it('reads a signed subscription event and a signed invoice event', async () => {
      const customerId = await customer();
      const sub = await gateway.createSubscription({
        customerId,
        userId: 'u1',
        trialDays: 0,
        idempotencyKey: 'w',
      });
      const updated = fake.webhook('customer.subscription.updated', fake.subscriptionObject(sub.id));
      expect(gateway.parseWebhook(Buffer.from(updated.body), updated.signature)).toMatchObject({
        id: updated.id,
        type: 'customer.subscription.updated',
        subscriptionId: sub.id,
        customerId,
        userId: 'u1',
      });
      const failed = fake.webhook('invoice.payment_failed', fake.invoiceObject(sub.id));
      expect(gateway.parseWebhook(Buffer.from(failed.body), failed.signature)).toMatchObject({
        type: 'invoice.payment_failed',
        subscriptionId: sub.id,
        customerId,
        userId: 'u1',
      });
    });

    it("reads an invoice of an older API version (its 'subscription' field)", () => {
      const event = fake.webhook('invoice.paid', {
        id: 'in_1',
        object: 'invoice',
        customer: 'cus_1',
        subscription: 'sub_1',
      });
      expect(gateway.parseWebhook(Buffer.from(event.body), event.signature)).toMatchObject({
        subscriptionId: 'sub_1',
        customerId: 'cus_1',
        userId: null,
      });
    });

    it('refuses a missing, forged or stale signature and a body changed after signing', () => {
      const event = fake.webhook('customer.subscription.deleted', { id: 'sub_1', object: 'subscription' });
      const forged = fake.webhook(
        'customer.subscription.deleted',
        { id: 'sub_1' },
        { secret: 'whsec_other' },
      );
      const invalid = { code: 'INVALID_SIGNATURE', kind: 'invalid' };
      expect(() => gateway.parseWebhook(Buffer.from(event.body), undefined)).toThrow(
        expect.objectContaining(invalid),
      );
      expect(() => gateway.parseWebhook(Buffer.from(forged.body), forged.signature)).toThrow(
        expect.objectContaining(invalid),
      );
      expect(() =>
        gateway.parseWebhook(Buffer.from(event.body.replace('sub_1', 'sub_2')), event.signature),
      ).toThrow(expect.objectContaining(invalid));
      const old = `t=${Math.floor(Date.now() / 1000) - 3600},${event.signature.split(',')[1]}`;
      expect(() => gateway.parseWebhook(Buffer.from(event.body), old)).toThrow(
        expect.objectContaining(invalid),
      );
    });
  });
});
