import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the few Stripe API endpoints BuildBid calls, so the real SDK can be tested with
 * no network: the SDK is pointed at it with host 127.0.0.1, its random port and protocol 'http'.
 * Requests are form-encoded as Stripe's are; answers are shaped like Stripe's (API 2025-03-31 and later:
 * the invoice's `confirmation_secret`, the period on the subscription items, `parent.subscription_details`).
 * `expand[]` is honoured: without it, latest_invoice and pending_setup_intent stay ids and the invoice
 * has no confirmation_secret, as at Stripe. Idempotency-Key replays the first answer.
 *
 * Endpoints: POST /v1/customers, POST /v1/subscriptions, GET /v1/subscriptions, GET and POST
 * /v1/subscriptions/:id, POST /v1/billing_portal/sessions.
 */

export const FAKE_STRIPE = {
  secretKey: 'sk_test_fake_buildbid',
  publishableKey: 'pk_test_fake_buildbid',
  webhookSecret: 'whsec_fake_buildbid',
  priceId: 'price_fake_pro_monthly',
};

export interface RecordedRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

type Json = Record<string, unknown>;

interface StoredSubscription {
  id: string;
  customer: string;
  status: string;
  metadata: Record<string, string>;
  created: number;
  trialEnd: number | null;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  latestInvoice: string;
  pendingSetupIntent: string | null;
  defaultPaymentMethod: string | null;
  price: string;
}

interface StoredInvoice {
  id: string;
  customer: string;
  subscription: string;
  status: 'open' | 'paid';
  amountDue: number;
  paymentIntentSecret: string | null;
}

const DAY = 24 * 60 * 60;
const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly subscriptions = new Map<string, StoredSubscription>();
  readonly invoices = new Map<string, StoredInvoice>();
  readonly setupIntents = new Map<string, { id: string; status: string; client_secret: string }>();
  readonly #idempotent = new Map<string, { status: number; body: Json }>();
  /** Subscriptions created with payment_settings[save_default_payment_method]=on_subscription. */
  readonly #saveDefault = new Set<string>();
  #server: Server | undefined;
  #clock = 1_800_000_000;
  port = 0;

  async start(): Promise<this> {
    this.#server = createServer((req, res) => {
      void this.#handle(req, res);
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.#server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  /** The environment that points the app's Stripe adapter at this fake. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
      STRIPE_PRICE_ID: FAKE_STRIPE.priceId,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE.publishableKey,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(this.port),
      STRIPE_API_PROTOCOL: 'http',
    };
  }

  reset(): void {
    this.requests.length = 0;
    this.customers.clear();
    this.subscriptions.clear();
    this.invoices.clear();
    this.setupIntents.clear();
    this.#idempotent.clear();
    this.#saveDefault.clear();
  }

  /** Stripe's clock (unix seconds): moves on by a second per created object. */
  now(): number {
    this.#clock += 1;
    return this.#clock;
  }

  requestsTo(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  // ---- What the customer or Stripe does meanwhile (test arrangers) ---------------------------------

  /** The customer paid the first invoice in the browser: the invoice is paid, the subscription active. */
  pay(subscriptionId: string): void {
    const sub = this.#subscription(subscriptionId);
    const invoice = this.invoices.get(sub.latestInvoice);
    if (invoice) invoice.status = 'paid';
    sub.status = 'active';
    if (this.#saveDefault.has(sub.id)) sub.defaultPaymentMethod = id('pm');
  }

  /** The customer saved a card for the trial: the pending SetupIntent succeeded. */
  completeSetup(subscriptionId: string): void {
    const sub = this.#subscription(subscriptionId);
    const intent = sub.pendingSetupIntent ? this.setupIntents.get(sub.pendingSetupIntent) : undefined;
    if (intent) intent.status = 'succeeded';
    sub.pendingSetupIntent = null;
    if (this.#saveDefault.has(sub.id)) sub.defaultPaymentMethod = id('pm');
  }

  /** The customer's card setup for the trial was declined: the SetupIntent waits for another card. */
  declineSetup(subscriptionId: string): void {
    const sub = this.#subscription(subscriptionId);
    const intent = sub.pendingSetupIntent ? this.setupIntents.get(sub.pendingSetupIntent) : undefined;
    if (intent) intent.status = 'requires_payment_method';
  }

  setStatus(subscriptionId: string, status: string): void {
    this.#subscription(subscriptionId).status = status;
  }

  /** A subscription as GET /v1/subscriptions/:id would answer it with every expansion: for webhook payloads. */
  subscriptionObject(subscriptionId: string): Json {
    return this.#renderSubscription(this.#subscription(subscriptionId), [
      'latest_invoice.confirmation_secret',
      'pending_setup_intent',
    ]);
  }

  invoiceObject(subscriptionId: string): Json {
    const sub = this.#subscription(subscriptionId);
    return this.#renderInvoice(this.invoices.get(sub.latestInvoice) as StoredInvoice, false);
  }

  /**
   * A webhook delivery: the JSON body and its Stripe-Signature header, signed with the SDK's
   * generateTestHeaderString (pass another secret to forge one).
   */
  webhook(
    type: string,
    object: Json,
    options: { id?: string; created?: number; secret?: string } = {},
  ): { body: string; signature: string; id: string } {
    const eventId = options.id ?? id('evt');
    const body = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: options.created ?? this.now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: options.secret ?? FAKE_STRIPE.webhookSecret,
    });
    return { body, signature, id: eventId };
  }

  // ---- HTTP ----------------------------------------------------------------------------------------

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const params =
      req.method === 'GET' ? url.searchParams : new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const idempotencyKey = header(req, 'idempotency-key');
    const authorization = header(req, 'authorization');
    this.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      params,
      idempotencyKey,
      authorization,
    });

    const send = (status: number, body: Json) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    };
    if (authorization !== `Bearer ${FAKE_STRIPE.secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const replayKey = idempotencyKey ? `${req.method} ${url.pathname} ${idempotencyKey}` : undefined;
    const replay = replayKey ? this.#idempotent.get(replayKey) : undefined;
    if (replay) return send(replay.status, replay.body);

    let answer: { status: number; body: Json };
    try {
      answer = { status: 200, body: this.#route(req.method ?? '', url.pathname, params) };
    } catch (error) {
      if (!(error instanceof StripeFakeError)) throw error;
      answer = { status: error.status, body: { error: error.body } };
    }
    if (replayKey && req.method === 'POST') this.#idempotent.set(replayKey, answer);
    send(answer.status, answer.body);
  }

  #route(method: string, path: string, params: URLSearchParams): Json {
    const expand = expansions(params);
    if (method === 'POST' && path === '/v1/customers') return this.#createCustomer(params);
    if (method === 'POST' && path === '/v1/subscriptions') {
      return this.#renderSubscription(this.#createSubscription(params), expand);
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const customer = params.get('customer');
      const status = params.get('status');
      const data = [...this.subscriptions.values()]
        .filter((s) => s.customer === customer)
        .filter((s) => status === 'all' || (status ? s.status === status : s.status !== 'canceled'))
        .sort((a, b) => b.created - a.created)
        .map((s) =>
          this.#renderSubscription(
            s,
            expand.filter((e) => e.startsWith('data.')).map((e) => e.slice(5)),
          ),
        );
      return { object: 'list', url: '/v1/subscriptions', has_more: false, data };
    }
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match) {
      const sub = this.#subscription(decodeURIComponent(match[1] as string));
      if (method === 'POST' && params.has('cancel_at_period_end')) {
        sub.cancelAtPeriodEnd = params.get('cancel_at_period_end') === 'true';
      }
      return this.#renderSubscription(sub, expand);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = params.get('customer') ?? '';
      if (!this.customers.has(customer)) throw missing('customer', customer);
      const session = id('bps');
      return {
        id: session,
        object: 'billing_portal.session',
        customer,
        return_url: params.get('return_url'),
        url: `https://billing.stripe.com/p/session/test_${session}`,
        livemode: false,
        created: this.now(),
      };
    }
    throw new StripeFakeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  #createCustomer(params: URLSearchParams): Json {
    const customer = {
      id: id('cus'),
      object: 'customer',
      email: params.get('email'),
      name: params.get('name'),
      metadata: metadata(params),
      created: this.now(),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  #createSubscription(params: URLSearchParams): StoredSubscription {
    const customer = params.get('customer') ?? '';
    if (!this.customers.has(customer)) throw missing('customer', customer);
    const price = params.get('items[0][price]');
    if (price !== FAKE_STRIPE.priceId) throw missing('price', price ?? '');
    const created = this.now();
    const trialDays = Number(params.get('trial_period_days') ?? 0);
    const trialEnd = trialDays > 0 ? created + trialDays * DAY : null;
    const subscriptionId = id('sub');
    const invoice: StoredInvoice = {
      id: id('in'),
      customer,
      subscription: subscriptionId,
      // A trial's first invoice is $0 and paid at once; otherwise it waits for the browser's payment.
      status: trialEnd ? 'paid' : 'open',
      amountDue: trialEnd ? 0 : 2900,
      paymentIntentSecret: trialEnd ? null : `${id('pi')}_secret_${randomBytes(8).toString('hex')}`,
    };
    this.invoices.set(invoice.id, invoice);
    let pendingSetupIntent: string | null = null;
    if (trialEnd) {
      const intent = {
        id: id('seti'),
        status: 'requires_payment_method',
        client_secret: '',
      };
      intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
      this.setupIntents.set(intent.id, intent);
      pendingSetupIntent = intent.id;
    }
    const sub: StoredSubscription = {
      id: subscriptionId,
      customer,
      // payment_behavior=default_incomplete: incomplete until the first invoice is paid; a trial starts at once.
      status: trialEnd
        ? 'trialing'
        : params.get('payment_behavior') === 'default_incomplete'
          ? 'incomplete'
          : 'active',
      metadata: metadata(params),
      created,
      trialEnd,
      periodStart: created,
      periodEnd: trialEnd ?? created + 30 * DAY,
      cancelAtPeriodEnd: false,
      latestInvoice: invoice.id,
      pendingSetupIntent,
      defaultPaymentMethod: null,
      price,
    };
    this.subscriptions.set(sub.id, sub);
    if (params.get('payment_settings[save_default_payment_method]') === 'on_subscription') {
      this.#saveDefault.add(sub.id);
    }
    return sub;
  }

  #subscription(subscriptionId: string): StoredSubscription {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw missing('subscription', subscriptionId);
    return sub;
  }

  #renderSubscription(sub: StoredSubscription, expand: readonly string[]): Json {
    const invoice = this.invoices.get(sub.latestInvoice) as StoredInvoice;
    const expandInvoice = expand.some((e) => e === 'latest_invoice' || e.startsWith('latest_invoice.'));
    const intent = sub.pendingSetupIntent ? this.setupIntents.get(sub.pendingSetupIntent) : undefined;
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: sub.status,
      metadata: sub.metadata,
      created: sub.created,
      start_date: sub.created,
      currency: 'usd',
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      cancel_at: sub.cancelAtPeriodEnd ? sub.periodEnd : null,
      canceled_at: null,
      ended_at: null,
      trial_start: sub.trialEnd ? sub.created : null,
      trial_end: sub.trialEnd,
      collection_method: 'charge_automatically',
      default_payment_method: sub.defaultPaymentMethod,
      livemode: false,
      items: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: `si_${sub.id.slice(4)}`,
            object: 'subscription_item',
            subscription: sub.id,
            quantity: 1,
            current_period_start: sub.periodStart,
            current_period_end: sub.periodEnd,
            price: {
              id: sub.price,
              object: 'price',
              unit_amount: 2900,
              currency: 'usd',
              recurring: { interval: 'month', interval_count: 1 },
            },
          },
        ],
      },
      latest_invoice: expandInvoice
        ? this.#renderInvoice(invoice, expand.includes('latest_invoice.confirmation_secret'))
        : invoice.id,
      pending_setup_intent:
        intent && expand.includes('pending_setup_intent')
          ? {
              id: intent.id,
              object: 'setup_intent',
              status: intent.status,
              client_secret: intent.client_secret,
            }
          : (sub.pendingSetupIntent ?? null),
    };
  }

  #renderInvoice(invoice: StoredInvoice, withConfirmationSecret: boolean): Json {
    const sub = this.subscriptions.get(invoice.subscription);
    return {
      id: invoice.id,
      object: 'invoice',
      customer: invoice.customer,
      status: invoice.status,
      amount_due: invoice.amountDue,
      amount_paid: invoice.status === 'paid' ? invoice.amountDue : 0,
      currency: 'usd',
      billing_reason: 'subscription_create',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: invoice.subscription, metadata: sub?.metadata ?? {} },
      },
      ...(withConfirmationSecret
        ? {
            confirmation_secret: invoice.paymentIntentSecret
              ? { client_secret: invoice.paymentIntentSecret, type: 'payment_intent' }
              : null,
          }
        : {}),
    };
  }
}

class StripeFakeError extends Error {
  readonly status: number;
  readonly body: Json;
  constructor(status: number, body: Json) {
    super(String(body.message));
    this.status = status;
    this.body = body;
  }
}

function missing(kind: string, value: string): StripeFakeError {
  return new StripeFakeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${value}'`,
    param: kind === 'subscription' ? 'id' : kind,
  });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `expand[0]=a&expand[1]=b` (the SDK's encoding) or `expand[]=a`. */
function expansions(params: URLSearchParams): string[] {
  return [...params.entries()].filter(([key]) => /^expand\[\d*\]$/.test(key)).map(([, value]) => value);
}

function metadata(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params.entries()) {
    const m = /^metadata\[([^\]]+)\]$/.exec(key);
    if (m) out[m[1] as string] = value;
  }
  return out;
}
