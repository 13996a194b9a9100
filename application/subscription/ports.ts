/**
 * Ports of the paid Pro plan: the card payment provider (Stripe in production, a sandbox in development)
 * and the records the subscription use cases keep about it.
 */
import type { EventOutbox, Outcome, TransactionalUserRepository } from '../shared/marketplace-ports.ts';

/** Which gateway is active: the real provider, or the labelled test-mode sandbox (no keys configured). */
export type PaymentsMode = 'stripe' | 'sandbox';

/** What the browser confirms with the provider's client: a payment (first invoice) or a card setup (trial). */
export type ConfirmationKind = 'payment' | 'setup';

/** A subscription as the provider currently reports it (Stripe's names and states). */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Our user id, from the metadata set when we created it; null when it was made elsewhere. */
  userId: string | null;
  /** The provider's status (see SUBSCRIPTION_STATUSES); unknown future states are passed through. */
  status: string;
  /**
   * What the customer still has to confirm in the browser: the first invoice's payment while
   * incomplete (or an open invoice when past due), or the pending card setup of a trial. Null when
   * nothing is waiting for them.
   */
  clientSecret: string | null;
  confirmation: ConfirmationKind | null;
  /**
   * Whether the provider holds a confirmed payment method for it (Stripe: the subscription's
   * default_payment_method, set when the trial's card setup or the first payment succeeds).
   * A trial without one does not grant Pro.
   */
  hasPaymentMethod: boolean;
  trialEnd: Date | null;
  /** End of the current billing period (the trial's end while trialing). */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The price per period in cents, and its currency ('usd'); null when the provider did not say. */
  amountCents: number | null;
  currency: string | null;
  createdAt: Date;
}

/** A provider notification (a webhook event, or the sandbox's equivalent), reduced to what we use. */
export interface PaymentEvent {
  /** The provider's event id: each one is handled at most once. */
  id: string;
  /** The provider's event type, e.g. 'customer.subscription.updated' or 'invoice.payment_failed'. */
  type: string;
  created: Date;
  /** The subscription the event is about (subscription events, and invoices of subscriptions). */
  subscriptionId: string | null;
  customerId: string | null;
  /** Our user id from the subscription's metadata, when the event carries it. */
  userId: string | null;
  /** invoice.payment_failed: the provider's reason, when it gave one. */
  failureMessage: string | null;
}

export interface PaymentGateway {
  readonly mode: PaymentsMode;
  /** Creates the provider's customer for a user. The idempotency key makes a retried call return the same one. */
  createCustomer(
    input: { userId: string; email: string; name: string },
    options: { idempotencyKey: string },
  ): Promise<string>;
  /** Every subscription of the customer (all states), newest first. */
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
  /**
   * Starts a monthly Pro subscription that waits for the customer to confirm in the browser
   * (Stripe: payment_behavior 'default_incomplete'), with a free trial when trialDays > 0.
   */
  createSubscription(input: NewSubscription): Promise<ProviderSubscription>;
  /** The subscription's current state, or null when the provider does not know it. */
  getSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /** Cancels at the end of the current period (the customer keeps Pro until then). */
  cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription>;
  /** A provider-hosted page where the customer updates their card; throws when the gateway has none. */
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * Verifies a webhook's signature over the exact bytes received and reads the event. Throws
   * ValidationError('INVALID_SIGNATURE') when the signature is missing, wrong or too old.
   */
  parseWebhook(rawBody: Uint8Array, signature: string | undefined): PaymentEvent;
}

/** What starting a subscription names: whose customer, our user, the trial's days, and the idempotency key. */
export interface NewSubscription {
  customerId: string;
  userId: string;
  trialDays: number;
  idempotencyKey: string;
}

/** The sandbox's test-mode card form: confirming a client secret with a test card number. */
export interface SandboxCardPayments {
  /**
   * Confirms what the client secret stands for with a test card (4242 4242 4242 4242 succeeds,
   * 4000 0000 0000 0002 is declined), checking the number (Luhn), the expiry ('MM / YY', not in the
   * past) and the CVC (3 digits, 4 for American Express) as Stripe's test mode does. Returns the events
   * the provider would send, and the decline (code, message as the provider words it, and the field)
   * when the card was refused.
   */
  confirm(input: SandboxCardInput): Promise<SandboxConfirmation>;
}

/** What the sandbox's payment form sends: whose client secret, and the test card. */
export interface SandboxCardInput {
  userId: string;
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** The events the provider would send, and the card's decline (null when it was accepted). */
export interface SandboxConfirmation {
  events: PaymentEvent[];
  declined: { code: string; message: string; field: 'cardNumber' | 'expiry' | 'cvc' } | null;
}

/** What we keep of a provider subscription: the Billing tab reads it without calling the provider. */
export interface SubscriptionRecord
  extends Pick<
    ProviderSubscription,
    | 'id'
    | 'customerId'
    | 'status'
    | 'trialEnd'
    | 'currentPeriodEnd'
    | 'cancelAtPeriodEnd'
    | 'amountCents'
    | 'currency'
    | 'createdAt'
  > {
  /** Ours, always: a subscription made elsewhere is not recorded. */
  userId: string;
  updatedAt: Date;
}

export interface PaymentRecords {
  /**
   * Records that a provider event is being handled. False when it was recorded before (a replay):
   * the caller then changes nothing. A concurrent first delivery makes this wait for it to commit.
   */
  claimEvent(id: string, type: string, receivedAt: Date): Promise<boolean>;
  findSubscription(id: string): Promise<SubscriptionRecord | null>;
  /** The user's most recently created subscription, whatever its state. */
  latestSubscriptionOf(userId: string): Promise<SubscriptionRecord | null>;
  /** Inserts or replaces the record with this id. */
  saveSubscription(record: SubscriptionRecord): Promise<void>;
  /** The user whose payment customer this is. */
  findUserIdByCustomer(customerId: string): Promise<string | null>;
}

/** The repositories of one subscription transaction. */
export interface SubscriptionTransaction {
  users: TransactionalUserRepository;
  payments: PaymentRecords;
  outbox: EventOutbox;
}

export interface SubscriptionUnitOfWork {
  /** One database transaction, as UnitOfWork.run: row locks last until it commits or rolls back. */
  run<T>(work: (tx: SubscriptionTransaction) => Promise<T>): Promise<T>;
  /** As UnitOfWork.commit: runs `work`, adds the events it returns to the outbox, commits, then publishes them. */
  commit<T>(work: (tx: SubscriptionTransaction) => Promise<Outcome<T>>): Promise<T>;
}
