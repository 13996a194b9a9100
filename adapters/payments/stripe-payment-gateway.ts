import Stripe from 'stripe';
import type {
  ConfirmationKind,
  NewSubscription,
  PaymentEvent,
  PaymentGateway,
  ProviderSubscription,
} from '../../application/subscription/ports.ts';
import { ValidationError } from '../../domain/shared/errors.ts';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** The monthly Pro price (price_...). */
  priceId: string;
  /** Tests point the SDK at a local fake Stripe: host, port and protocol 'http'. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Automatic retries of failed network calls (each write carries an idempotency key). */
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

/**
 * What every subscription read asks Stripe to include: the first (latest) invoice's confirmation secret,
 * which the browser confirms the payment with (API versions from 2025-03-31 replace the invoice's
 * payment_intent by confirmation_secret), and the trial's pending SetupIntent (its client secret).
 */
const SUBSCRIPTION_EXPAND = ['latest_invoice.confirmation_secret', 'pending_setup_intent'];

/** SetupIntent states in which the customer still has to give or confirm a card. */
const SETUP_PENDING = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/** Subscription states whose open invoice the customer can pay in the browser. */
const PAYABLE = ['incomplete', 'past_due', 'unpaid'];

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

const fromUnix = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/** The parts of an expanded invoice we read, including the pre-2025 `payment_intent` shape. */
interface InvoiceLike {
  status?: string | null;
  confirmation_secret?: { client_secret: string } | null;
  payment_intent?: string | { client_secret?: string | null } | null;
}

function invoiceSecret(invoice: InvoiceLike): string | null {
  if (invoice.status !== 'open') return null;
  if (invoice.confirmation_secret?.client_secret) return invoice.confirmation_secret.client_secret;
  const legacy = invoice.payment_intent;
  return legacy && typeof legacy === 'object' ? (legacy.client_secret ?? null) : null;
}

/** Stripe's Subscription (expanded as SUBSCRIPTION_EXPAND) in the port's terms. */
function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
  let clientSecret: string | null = null;
  let confirmation: ConfirmationKind | null = null;
  const invoice = sub.latest_invoice;
  if (PAYABLE.includes(sub.status) && invoice && typeof invoice === 'object') {
    clientSecret = invoiceSecret(invoice as InvoiceLike);
    if (clientSecret) confirmation = 'payment';
  }
  const setup = sub.pending_setup_intent;
  if (!clientSecret && setup && typeof setup === 'object' && SETUP_PENDING.includes(setup.status)) {
    clientSecret = setup.client_secret;
    if (clientSecret) confirmation = 'setup';
  }
  const item = sub.items?.data?.[0];
  // Since API 2025-03-31 the period lives on the items; older versions had it on the subscription.
  const legacyPeriodEnd = (sub as unknown as { current_period_end?: number }).current_period_end;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    userId: sub.metadata?.userId ?? null,
    status: sub.status,
    clientSecret,
    confirmation,
    // Set by Stripe once the trial's card setup or the first payment succeeds (save_default_payment_method).
    hasPaymentMethod: idOf(sub.default_payment_method as string | { id: string } | null | undefined) !== null,
    trialEnd: fromUnix(sub.trial_end),
    currentPeriodEnd: fromUnix(item?.current_period_end ?? legacyPeriodEnd),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    amountCents: item?.price?.unit_amount ?? null,
    currency: item?.price?.currency ?? sub.currency ?? null,
    createdAt: fromUnix(sub.created) ?? new Date(0),
  };
}

type Loose = Record<string, unknown> & { metadata?: Record<string, string> | null };

/** The subscription an invoice belongs to: `parent.subscription_details` (2025-03-31 on) or `subscription` (before). */
function invoiceSubscription(invoice: Loose): { subscriptionId: string | null; userId: string | null } {
  const parent = invoice.parent as { subscription_details?: Loose | null } | null | undefined;
  const details = parent?.subscription_details ?? (invoice.subscription_details as Loose | null | undefined);
  const subscription = (details?.subscription ?? invoice.subscription) as string | { id: string } | null;
  return { subscriptionId: idOf(subscription), userId: details?.metadata?.userId ?? null };
}

/** A verified Stripe event in the port's terms. */
function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const object = event.data.object as unknown as Loose;
  const base = {
    id: event.id,
    type: event.type,
    created: fromUnix(event.created) ?? new Date(0),
    customerId: idOf(object.customer as string | { id: string } | null | undefined),
    failureMessage: null,
  };
  if (event.type.startsWith('customer.subscription.')) {
    return { ...base, subscriptionId: String(object.id), userId: object.metadata?.userId ?? null };
  }
  if (event.type.startsWith('invoice.')) {
    const { subscriptionId, userId } = invoiceSubscription(object);
    const error = object.last_finalization_error as { message?: string } | null | undefined;
    return { ...base, subscriptionId, userId, failureMessage: error?.message ?? null };
  }
  return { ...base, subscriptionId: null, userId: null };
}

/** The PaymentGateway on the official Stripe SDK (API version pinned by the SDK). */
export class StripePaymentGateway implements PaymentGateway {
  readonly mode = 'stripe' as const;
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;
  readonly #priceId: string;

  constructor(options: StripeGatewayOptions) {
    this.#stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 20_000,
      telemetry: false,
      appInfo: { name: 'BuildBid' },
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
    this.#webhookSecret = options.webhookSecret;
    this.#priceId = options.priceId;
  }

  async createCustomer(
    input: { userId: string; email: string; name: string },
    options: { idempotencyKey: string },
  ): Promise<string> {
    const customer = await this.#stripe.customers.create(
      { email: input.email, name: input.name, metadata: { userId: input.userId } },
      { idempotencyKey: options.idempotencyKey },
    );
    return customer.id;
  }

  async listSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    const page = await this.#stripe.subscriptions.list({
      customer: customerId,
      status: 'all',
      limit: 20,
      expand: SUBSCRIPTION_EXPAND.map((path) => `data.${path}`),
    });
    return page.data
      .map(toProviderSubscription)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  async createSubscription(input: NewSubscription): Promise<ProviderSubscription> {
    const subscription = await this.#stripe.subscriptions.create(
      {
        customer: input.customerId,
        items: [{ price: this.#priceId }],
        payment_behavior: 'default_incomplete',
        // Cards only; the card confirmed in the browser (the trial's SetupIntent or the first payment)
        // becomes the subscription's default_payment_method, which is what makes it Pro (decision 0090).
        payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
        metadata: { userId: input.userId },
        expand: SUBSCRIPTION_EXPAND,
        ...(input.trialDays > 0
          ? {
              trial_period_days: input.trialDays,
              // No card by the trial's end: the subscription ends instead of running unpaid.
              trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
            }
          : {}),
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toProviderSubscription(subscription);
  }

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    try {
      const subscription = await this.#stripe.subscriptions.retrieve(subscriptionId, {
        expand: SUBSCRIPTION_EXPAND,
      });
      return toProviderSubscription(subscription);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription> {
    // Setting the flag is idempotent in itself; the SDK adds a key to its own retries.
    const subscription = await this.#stripe.subscriptions.update(subscriptionId, {
      cancel_at_period_end: true,
      expand: SUBSCRIPTION_EXPAND,
    });
    return toProviderSubscription(subscription);
  }

  async createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const session = await this.#stripe.billingPortal.sessions.create({
      customer: input.customerId,
      return_url: input.returnUrl,
    });
    return { url: session.url };
  }

  parseWebhook(rawBody: Uint8Array, signature: string | undefined): PaymentEvent {
    if (!signature) {
      throw new ValidationError('INVALID_SIGNATURE', 'The Stripe-Signature header is missing');
    }
    let event: Stripe.Event;
    try {
      event = this.#stripe.webhooks.constructEvent(Buffer.from(rawBody), signature, this.#webhookSecret);
    } catch {
      throw new ValidationError('INVALID_SIGNATURE', 'The webhook signature does not match');
    }
    return toPaymentEvent(event);
  }
}
