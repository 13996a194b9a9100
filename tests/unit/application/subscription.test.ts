import { beforeEach, describe, expect, it } from 'vitest';
import { SandboxPaymentGateway } from '#adapters/payments/sandbox-payment-gateway.ts';
import {
  ApplySubscriptionStatus,
  ConfirmSandboxPayment,
  GetSubscription,
  HandlePaymentEvent,
  StartProSubscription,
} from '#application/subscription/index.ts';
import type {
  PaymentEvent,
  PaymentRecords,
  SubscriptionRecord,
  SubscriptionUnitOfWork,
} from '#application/subscription/ports.ts';
import { aClient, aContractor, type Env, makeEnv } from '../../fakes/mothers.ts';

/** payment_subscriptions and payment_events in memory (not transactional: enough for these rules). */
class InMemoryPaymentRecords implements PaymentRecords {
  readonly events = new Set<string>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  customers = new Map<string, string>();

  async claimEvent(id: string): Promise<boolean> {
    if (this.events.has(id)) return false;
    this.events.add(id);
    return true;
  }
  async findSubscription(id: string) {
    return this.subscriptions.get(id) ?? null;
  }
  async latestSubscriptionOf(userId: string) {
    const mine = [...this.subscriptions.values()].filter((s) => s.userId === userId);
    return mine.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0] ?? null;
  }
  async saveSubscription(record: SubscriptionRecord) {
    this.subscriptions.set(record.id, record);
  }
  async findUserIdByCustomer(customerId: string) {
    return this.customers.get(customerId) ?? null;
  }
}

let env: Env;
let records: InMemoryPaymentRecords;
let uow: SubscriptionUnitOfWork;
let gateway: SandboxPaymentGateway;
let apply: ApplySubscriptionStatus;
let handle: HandlePaymentEvent;
let start: StartProSubscription;

beforeEach(() => {
  env = makeEnv();
  records = new InMemoryPaymentRecords();
  uow = {
    run: (work) => env.uow.run((tx) => work({ users: tx.users, payments: records, outbox: tx.outbox })),
    commit: (work) => env.uow.commit((tx) => work({ users: tx.users, payments: records, outbox: tx.outbox })),
  };
  gateway = new SandboxPaymentGateway({ clock: env.clock });
  apply = new ApplySubscriptionStatus({ uow: env.uow, clock: env.clock });
  handle = new HandlePaymentEvent({ uow, gateway, apply, clock: env.clock });
  start = new StartProSubscription({ uow, gateway, apply, clock: env.clock });
  env.db.addUser(aContractor('c1'));
});

const event = (over: Partial<PaymentEvent>): PaymentEvent => ({
  id: 'evt_1',
  type: 'customer.subscription.updated',
  created: env.clock.now(),
  subscriptionId: null,
  customerId: null,
  userId: 'c1',
  failureMessage: null,
  ...over,
});

describe('ApplySubscriptionStatus.apply', () => {
  it("never lets another subscription's non-Pro state downgrade the current one", async () => {
    await apply.execute({ userId: 'c1', subscriptionId: 'sub_new', status: 'active' });
    const user = env.db.user('c1');
    if (!user) throw new Error('no user');
    expect(apply.apply(user, { subscriptionId: 'sub_old', status: 'canceled', hasPaymentMethod: true })).toBe(
      false,
    );
    expect(user).toMatchObject({ subscriptionTier: 'pro', stripeSubscriptionId: 'sub_new' });
    expect(apply.apply(user, { subscriptionId: 'sub_new', status: 'past_due', hasPaymentMethod: true })).toBe(
      true,
    );
    expect(user.subscriptionTier).toBe('free');
    expect(
      apply.apply(
        user,
        { subscriptionId: 'sub_other', status: 'incomplete', hasPaymentMethod: false },
        { adopt: true },
      ),
    ).toBe(true);
    expect(user.stripeSubscriptionId).toBe('sub_other');
  });
});

describe('StartProSubscription', () => {
  it('gives the trial once: a returning subscriber pays the first month', async () => {
    const first = await start.execute('c1');
    expect(first).toMatchObject({ status: 'trialing', confirmation: 'setup', alreadySubscribed: false });
    // Starting is not paying: the trial waits for its card, and the user stays free.
    expect(env.db.user('c1')).toMatchObject({
      subscriptionTier: 'free',
      stripeSubscriptionId: first.subscriptionId,
    });
    expect(env.db.user('c1')?.stripeCustomerId).toMatch(/^cus_sandbox_/);
    expect((await start.execute('c1')).clientSecret).toBe(first.clientSecret);

    for (const e of gateway.advance(8 * 24 * 3600 * 1000)) await handle.execute(e);
    expect(env.db.user('c1')).toMatchObject({ subscriptionTier: 'free', stripeSubscriptionId: null });
    const second = await start.execute('c1');
    expect(second).toMatchObject({ status: 'incomplete', confirmation: 'payment', trialEnd: null });
    expect(second.subscriptionId).not.toBe(first.subscriptionId);
  });
});

describe('StartProSubscription for other roles', () => {
  it('refuses a client: only contractors and vendors bid, so only they may subscribe', async () => {
    env.db.addUser(aClient('k1'));
    await expect(start.execute('k1')).rejects.toMatchObject({ kind: 'forbidden', code: 'NOT_A_BIDDER' });
  });
});

describe('HandlePaymentEvent', () => {
  it('ignores event types it does not handle, and events without a subscription', async () => {
    expect(await handle.execute(event({ type: 'customer.created', subscriptionId: 'sub_1' }))).toBe(
      'ignored',
    );
    expect(await handle.execute(event({ subscriptionId: null }))).toBe('ignored');
    expect(records.events.size).toBe(0);
  });

  it('handles an event id once, and tells the user of a failed payment once', async () => {
    const { subscriptionId } = await start.execute('c1');
    const failed = event({
      type: 'invoice.payment_failed',
      subscriptionId,
      failureMessage: 'Your card was declined.',
    });
    expect(await handle.execute(failed)).toBe('applied');
    expect(await handle.execute(failed)).toBe('duplicate');
    expect(env.events.published).toEqual([
      {
        type: 'payment_failed',
        occurredAt: env.clock.now(),
        recipientId: 'c1',
        subscriptionId,
        reason: 'Your card was declined.',
      },
    ]);
  });

  it('finds the user by customer when the event has no metadata, and acknowledges strangers', async () => {
    const { subscriptionId } = await start.execute('c1');
    records.customers.set('cus_x', 'c1');
    expect(await handle.execute(event({ id: 'e2', userId: null, subscriptionId, customerId: 'cus_x' }))).toBe(
      'applied',
    );
    expect(await handle.execute(event({ id: 'e3', userId: 'nobody', subscriptionId }))).toBe('unknown_user');
  });
});

describe('ConfirmSandboxPayment', () => {
  it('is not found when the sandbox is not the active gateway', async () => {
    const confirm = new ConfirmSandboxPayment({
      sandbox: null,
      handle,
      view: new GetSubscription({ uow, gateway }),
    });
    expect(confirm.available).toBe(false);
    await expect(
      confirm.execute({
        userId: 'c1',
        clientSecret: 'x',
        cardNumber: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
      }),
    ).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});
