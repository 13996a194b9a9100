import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Clock } from '../../application/shared/ports.ts';
import type {
  ConfirmationKind,
  NewSubscription,
  PaymentEvent,
  PaymentGateway,
  ProviderSubscription,
  SandboxCardInput,
  SandboxCardPayments,
  SandboxConfirmation,
} from '../../application/subscription/ports.ts';
import { ConflictError, NotFoundError } from '../../domain/shared/errors.ts';
import { PRO_PRICE_CENTS } from '../../domain/subscription/plan.ts';

/** Stripe's test cards that the sandbox knows; any other valid card number succeeds. */
const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
} as const;

type Decline = NonNullable<SandboxConfirmation['declined']>;

/** A decline, worded as the provider words it. */
const decline = (code: string, message: string, field: Decline['field']): Decline => ({
  code,
  message,
  field,
});

/** The test cards' declines. */
const DECLINES: Record<string, Decline> = {
  [SANDBOX_CARDS.declined]: decline('CARD_DECLINED', 'Your card was declined.', 'cardNumber'),
  [SANDBOX_CARDS.insufficientFunds]: decline(
    'CARD_DECLINED',
    'Your card has insufficient funds.',
    'cardNumber',
  ),
  [SANDBOX_CARDS.expired]: decline('EXPIRED_CARD', 'Your card has expired.', 'cardNumber'),
};

const INCORRECT_NUMBER = decline('INCORRECT_NUMBER', 'Your card number is incorrect.', 'cardNumber');
const INCOMPLETE_EXPIRY = decline('INVALID_EXPIRY', "Your card's expiration date is incomplete.", 'expiry');
const INVALID_EXPIRY_MONTH = decline(
  'INVALID_EXPIRY_MONTH',
  "Your card's expiration month is invalid.",
  'expiry',
);
const EXPIRY_IN_PAST = decline(
  'INVALID_EXPIRY_YEAR',
  "Your card's expiration date is in the past.",
  'expiry',
);
const INCOMPLETE_CVC = decline('INCOMPLETE_CVC', "Your card's security code is incomplete.", 'cvc');

/**
 * Stripe test mode's checks of the expiry and the CVC: 'MM / YY' (or MM/YYYY) of this month or later,
 * and 3 digits (4 for American Express, numbers starting 34 or 37).
 */
function checkExpiryAndCvc(digits: string, expiry: string, cvc: string, now: Date): Decline | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return INCOMPLETE_EXPIRY;
  const month = Number(match[1]);
  const rawYear = match[2] as string;
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  if (month < 1 || month > 12) return INVALID_EXPIRY_MONTH;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) return EXPIRY_IN_PAST;
  const cvcLength = /^3[47]/.test(digits) ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(cvc.trim())) return INCOMPLETE_CVC;
  return null;
}

/** An incomplete subscription whose first payment is not confirmed within 23 hours expires (as at Stripe). */
const INCOMPLETE_LIFETIME_MS = 23 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

interface SandboxSubscription {
  id: string;
  customerId: string;
  userId: string;
  status: string;
  createdAt: Date;
  trialEnd: Date | null;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  pending: { kind: ConfirmationKind; secret: string } | null;
  hasCard: boolean;
}

interface SandboxState {
  customers: Record<string, { userId: string; email: string }>;
  subscriptions: Record<string, SandboxSubscription>;
  /** Idempotency key -> the id of what the first call created. */
  keys: Record<string, string>;
  /** Client secrets already confirmed: confirming again is a no-op. */
  confirmed: string[];
  offsetMs: number;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

const token = () => randomBytes(12).toString('hex');

/**
 * A stand-in for Stripe when no keys are configured (development, tests, demos): clearly test mode.
 * It keeps subscriptions the way Stripe does (incomplete until the first payment is confirmed, a trial
 * with a pending card setup, cancel at period end), answers client secrets that its own card form
 * confirms, and produces the events Stripe would send, which the app feeds to the same use case as
 * the webhook. With a `file`, its state survives restarts (under DATA_DIR).
 * `advance` moves its clock forward (trial ends, renewals, the end of a cancelled period).
 */
export class SandboxPaymentGateway implements PaymentGateway, SandboxCardPayments {
  readonly mode = 'sandbox' as const;
  readonly #clock: Clock;
  readonly #file: string | undefined;
  #state: SandboxState = { customers: {}, subscriptions: {}, keys: {}, confirmed: [], offsetMs: 0 };

  constructor(options: { clock: Clock; file?: string }) {
    this.#clock = options.clock;
    this.#file = options.file;
    if (this.#file && existsSync(this.#file)) this.#load(this.#file);
  }

  #now(): Date {
    return new Date(this.#clock.now().getTime() + this.#state.offsetMs);
  }

  async createCustomer(
    input: { userId: string; email: string; name: string },
    options: { idempotencyKey: string },
  ): Promise<string> {
    const known = this.#state.keys[options.idempotencyKey];
    if (known) return known;
    const id = `cus_sandbox_${token()}`;
    this.#state.customers[id] = { userId: input.userId, email: input.email };
    this.#state.keys[options.idempotencyKey] = id;
    this.#save();
    return id;
  }

  async listSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    return Object.values(this.#state.subscriptions)
      .filter((s) => s.customerId === customerId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((s) => this.#view(s));
  }

  async createSubscription(input: NewSubscription): Promise<ProviderSubscription> {
    const known = this.#state.keys[input.idempotencyKey];
    const existing = known ? this.#state.subscriptions[known] : undefined;
    if (existing) return this.#view(existing);
    if (!this.#state.customers[input.customerId]) {
      throw new NotFoundError('NO_SUCH_CUSTOMER', `No such customer: '${input.customerId}'`);
    }
    const now = this.#now();
    const id = `sub_sandbox_${token()}`;
    const trialEnd = input.trialDays > 0 ? new Date(now.getTime() + input.trialDays * DAY_MS) : null;
    const subscription: SandboxSubscription = {
      id,
      customerId: input.customerId,
      userId: input.userId,
      status: trialEnd ? 'trialing' : 'incomplete',
      createdAt: now,
      trialEnd,
      currentPeriodEnd: trialEnd ?? addMonth(now),
      cancelAtPeriodEnd: false,
      pending: trialEnd
        ? { kind: 'setup', secret: `seti_sandbox_${token()}_secret_${token()}` }
        : { kind: 'payment', secret: `pi_sandbox_${token()}_secret_${token()}` },
      hasCard: false,
    };
    this.#state.subscriptions[id] = subscription;
    this.#state.keys[input.idempotencyKey] = id;
    this.#save();
    return this.#view(subscription);
  }

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    const subscription = this.#state.subscriptions[subscriptionId];
    return subscription ? this.#view(subscription) : null;
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription> {
    const subscription = this.#state.subscriptions[subscriptionId];
    if (!subscription)
      throw new NotFoundError('NO_SUCH_SUBSCRIPTION', `No such subscription: '${subscriptionId}'`);
    subscription.cancelAtPeriodEnd = true;
    this.#save();
    return this.#view(subscription);
  }

  async createPortalSession(): Promise<{ url: string }> {
    throw new ConflictError(
      'PORTAL_UNAVAILABLE',
      'Updating the payment method needs Stripe; this server runs payments in sandbox (test) mode.',
    );
  }

  parseWebhook(): PaymentEvent {
    throw new NotFoundError(
      'NOT_FOUND',
      'Stripe webhooks are not configured on this server (sandbox payments)',
    );
  }

  async confirm(input: SandboxCardInput): Promise<SandboxConfirmation> {
    if (this.#state.confirmed.includes(input.clientSecret)) return { events: [], declined: null };
    const subscription = Object.values(this.#state.subscriptions).find(
      (s) => s.pending?.secret === input.clientSecret && s.userId === input.userId,
    );
    if (!subscription?.pending) {
      throw new NotFoundError(
        'PAYMENT_NOT_FOUND',
        'Nothing is waiting to be confirmed with this client secret',
      );
    }
    const digits = input.cardNumber.replace(/[\s-]/g, '');
    const now = this.#now();
    const declined =
      !/^\d{12,19}$/.test(digits) || !luhn(digits)
        ? INCORRECT_NUMBER
        : (checkExpiryAndCvc(digits, input.expiry, input.cvc, now) ?? DECLINES[digits] ?? null);
    if (declined) {
      // A refused first payment is reported as Stripe does (invoice.payment_failed); a refused card setup is not.
      const events =
        subscription.pending.kind === 'payment'
          ? [this.#event('invoice.payment_failed', subscription, now, declined.message)]
          : [];
      return { events, declined };
    }
    this.#state.confirmed.push(input.clientSecret);
    subscription.hasCard = true;
    const events: PaymentEvent[] = [];
    if (subscription.pending.kind === 'payment') {
      subscription.status = 'active';
      subscription.currentPeriodEnd = addMonth(now);
      events.push(this.#event('invoice.paid', subscription, now));
    }
    subscription.pending = null;
    events.push(this.#event('customer.subscription.updated', subscription, now));
    this.#save();
    return { events, declined: null };
  }

  /**
   * Moves the sandbox's clock forward and runs what Stripe would run meanwhile: a trial ends (paid with
   * the saved card, or cancelled without one), periods renew, a subscription cancelled at period end
   * ends, an unconfirmed one expires. Answers the events Stripe would send, in order.
   */
  advance(ms: number): PaymentEvent[] {
    this.#state.offsetMs += ms;
    const now = this.#now();
    const events: PaymentEvent[] = [];
    for (const s of Object.values(this.#state.subscriptions)) {
      if (s.status === 'incomplete' && now.getTime() - s.createdAt.getTime() >= INCOMPLETE_LIFETIME_MS) {
        s.status = 'incomplete_expired';
        s.pending = null;
        events.push(this.#event('customer.subscription.updated', s, now));
      }
      while ((s.status === 'trialing' || s.status === 'active') && s.currentPeriodEnd <= now) {
        if (s.cancelAtPeriodEnd || !s.hasCard) {
          s.status = 'canceled';
          s.pending = null;
          events.push(this.#event('customer.subscription.deleted', s, s.currentPeriodEnd));
          break;
        }
        s.status = 'active';
        s.currentPeriodEnd = addMonth(s.currentPeriodEnd);
        events.push(
          this.#event('invoice.paid', s, now),
          this.#event('customer.subscription.updated', s, now),
        );
      }
    }
    this.#save();
    return events;
  }

  #view(s: SandboxSubscription): ProviderSubscription {
    return {
      id: s.id,
      customerId: s.customerId,
      userId: s.userId,
      status: s.status,
      clientSecret: s.pending?.secret ?? null,
      confirmation: s.pending?.kind ?? null,
      hasPaymentMethod: s.hasCard,
      trialEnd: s.trialEnd,
      currentPeriodEnd: s.currentPeriodEnd,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      amountCents: PRO_PRICE_CENTS,
      currency: 'usd',
      createdAt: s.createdAt,
    };
  }

  #event(
    type: string,
    s: SandboxSubscription,
    created: Date,
    failureMessage: string | null = null,
  ): PaymentEvent {
    return {
      id: `evt_sandbox_${token()}`,
      type,
      created,
      subscriptionId: s.id,
      customerId: s.customerId,
      userId: s.userId,
      failureMessage,
    };
  }

  #save(): void {
    if (!this.#file) return;
    mkdirSync(dirname(this.#file), { recursive: true });
    const temporary = `${this.#file}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.#state), { mode: 0o600 });
    renameSync(temporary, this.#file);
  }

  #load(file: string): void {
    try {
      const state = JSON.parse(readFileSync(file, 'utf8')) as SandboxState;
      for (const s of Object.values(state.subscriptions)) {
        s.createdAt = new Date(s.createdAt);
        s.trialEnd = s.trialEnd ? new Date(s.trialEnd) : null;
        s.currentPeriodEnd = new Date(s.currentPeriodEnd);
      }
      this.#state = state;
    } catch {
      // An unreadable sandbox file only loses test-mode subscriptions: start empty.
    }
  }
}
