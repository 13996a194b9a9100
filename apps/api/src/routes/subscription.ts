import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from 'typebox';
import type { SubscriptionStart, SubscriptionView } from '#application/subscription/index.ts';
import { NotFoundError } from '#domain/shared/errors.ts';
import { centsToDecimal } from '#domain/shared/money.ts';
import { PRO_PRICE_CENTS, PRO_TRIAL_DAYS } from '#domain/subscription/plan.ts';
import { SUBSCRIPTION_TIERS } from '#domain/user/user.ts';
import type { Config } from '../config.ts';
import { operation, publicRateLimit } from '../http/openapi.ts';
import { errors, ref } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';

const PaymentsMode = Type.Enum(['stripe', 'sandbox'], {
  description:
    "'stripe', or 'sandbox': no Stripe keys, a test-mode card form confirms with POST /api/subscription/sandbox/confirm",
});
const Instant = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

const PublicConfigSchema = Type.Object(
  {
    paymentsMode: PaymentsMode,
    stripePublishableKey: Type.Union([Type.String(), Type.Null()], {
      description: "Stripe.js's publishable key (pk_...); null in sandbox mode",
    }),
    proPlan: Type.Object({
      amount: Type.String({ description: "Decimal text, '29.00'" }),
      currency: Type.String({ description: "ISO 4217, lower case: 'usd'" }),
      interval: Type.Literal('month'),
      trialDays: Type.Integer({ description: 'Free trial of a first-time subscriber' }),
    }),
  },
  { $id: 'PaymentsConfig', additionalProperties: false, description: 'Public settings the frontends need' },
);

const SubscriptionStartSchema = Type.Object(
  {
    clientSecret: Type.Optional(
      Type.String({
        description:
          "Confirm it with Stripe.js (stripe.confirmPayment when confirmation is 'payment', stripe.confirmSetup " +
          "when 'setup'), or in sandbox mode with POST /api/subscription/sandbox/confirm. Absent when already subscribed.",
      }),
    ),
    confirmation: Type.Optional(Type.Enum(['payment', 'setup'])),
    alreadySubscribed: Type.Boolean({
      description: "Already Pro, nothing to confirm ('Already Subscribed')",
    }),
    subscriptionId: Type.Union([Type.String(), Type.Null()]),
    status: Type.Union([Type.String(), Type.Null()], {
      description:
        "The provider's status: 'incomplete' until the first payment, 'trialing' during the trial, 'active'",
    }),
    trialEnd: Instant,
    paymentsMode: PaymentsMode,
  },
  { $id: 'SubscriptionStart', additionalProperties: false },
);

const SubscriptionSchema = Type.Object(
  {
    plan: Type.Enum([...SUBSCRIPTION_TIERS], {
      description: 'The plan in force now (Pro while active or trialing)',
    }),
    status: Type.Union([Type.String(), Type.Null()], {
      description:
        'The current (or last) subscription: incomplete, trialing, active, past_due, unpaid, paused, canceled, ' +
        'incomplete_expired; null when the user never subscribed',
    }),
    trialEnd: Instant,
    currentPeriodEnd: Instant,
    nextBillingDate: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description:
        "The next charge: the trial's or period's end; null when cancelled at period end or not running",
    }),
    cancelAtPeriodEnd: Type.Boolean({ description: 'Cancelled: Pro until currentPeriodEnd, then free' }),
    amount: Type.String({ description: "Per month, decimal text: '29.00'" }),
    currency: Type.String(),
    interval: Type.Literal('month'),
    paymentsMode: PaymentsMode,
    canUpdatePaymentMethod: Type.Boolean({
      description: "Whether POST /api/subscription/portal can open Stripe's billing portal",
    }),
  },
  {
    $id: 'Subscription',
    additionalProperties: false,
    description: 'The Billing tab: plan, state and next charge',
  },
);

export const PAYMENT_SCHEMAS = [PublicConfigSchema, SubscriptionStartSchema, SubscriptionSchema];

const PublicConfigRef = ref(PublicConfigSchema);
const SubscriptionStartRef = ref(SubscriptionStartSchema);
const SubscriptionRef = ref(SubscriptionSchema);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toSubscriptionDto(view: SubscriptionView): Static<typeof SubscriptionSchema> {
  return {
    plan: view.plan,
    status: view.status,
    trialEnd: iso(view.trialEnd),
    currentPeriodEnd: iso(view.currentPeriodEnd),
    nextBillingDate: iso(view.nextBillingDate),
    cancelAtPeriodEnd: view.cancelAtPeriodEnd,
    amount: centsToDecimal(view.amountCents) ?? '29.00',
    currency: view.currency,
    interval: view.interval,
    paymentsMode: view.paymentsMode,
    canUpdatePaymentMethod: view.canUpdatePaymentMethod,
  };
}

function toStartDto(
  start: SubscriptionStart,
  paymentsMode: 'stripe' | 'sandbox',
): Static<typeof SubscriptionStartSchema> {
  return {
    ...(start.clientSecret ? { clientSecret: start.clientSecret } : {}),
    ...(start.clientSecret && start.confirmation ? { confirmation: start.confirmation } : {}),
    alreadySubscribed: start.alreadySubscribed,
    subscriptionId: start.subscriptionId,
    status: start.status,
    trialEnd: iso(start.trialEnd),
    paymentsMode,
  };
}

export const subscriptionNeeds = needs([
  'cancelSubscription',
  'confirmSandboxPayment',
  'getSubscription',
  'handlePaymentEvent',
  'openBillingPortal',
  'paymentGateway',
  'startProSubscription',
]);

/**
 * The Pro subscription: Subscribe page, Billing tab, the Stripe webhook, the sandbox's card form and the
 * public settings. See docs/decisions/0006-payments.md.
 */
export const subscriptionRoutes: FastifyPluginAsyncTypebox<
  UsesOf<typeof subscriptionNeeds> & { config: Config }
> = async (app, { config, useCases }) => {
  const paymentsMode = config.stripe ? ('stripe' as const) : ('sandbox' as const);

  app.get(
    '/api/config',
    {
      config: publicRateLimit(config),
      schema: {
        tags: ['system'],
        ...operation({
          id: 'getPublicConfig',
          database: false,
          summary: 'Public settings the frontends need (payments mode, Stripe publishable key, Pro price)',
          description:
            "`paymentsMode` is 'stripe' with live or test keys, 'sandbox' without; the Stripe publishable key " +
            '(null in sandbox) and the Pro plan price and trial.',
          access: 'public',
          responses: { 200: 'The public settings' },
        }),
        response: { 200: PublicConfigRef },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return {
        paymentsMode,
        stripePublishableKey: config.stripe?.publishableKey ?? null,
        proPlan: {
          amount: centsToDecimal(PRO_PRICE_CENTS) ?? '29.00',
          currency: 'usd',
          interval: 'month' as const,
          trialDays: PRO_TRIAL_DAYS,
        },
      };
    },
  );

  app.post(
    '/api/create-subscription',
    {
      schema: {
        tags: ['subscription'],
        ...operation({
          id: 'startProSubscription',
          summary: 'Start (or resume confirming) the Pro subscription: answers the client secret to confirm',
          access: 'session',
          errors: { 403: ['NOT_A_BIDDER'], 409: ['SUBSCRIPTION_NEEDS_ATTENTION'] },
          responses: { 200: 'What to confirm, or alreadySubscribed' },
          description:
            'Call it when the user submits the card form, not when the page opens. Only contractors and vendors ' +
            'may subscribe (403 NOT_A_BIDDER otherwise). Creates the payment customer once, then a monthly Pro ' +
            "subscription waiting for the first payment (Stripe payment_behavior 'default_incomplete'); a " +
            'first-time subscriber gets a 7-day trial, and the secret is then a card setup. Nothing here makes the ' +
            'user Pro: Pro starts when the provider confirms the card (the trial with a card on file, or the paid ' +
            'first invoice). A subscription still waiting is reused, never doubled. Already Pro with nothing to ' +
            'confirm: no clientSecret and alreadySubscribed true. No body.',
        }),
        response: { 200: SubscriptionStartRef, ...errors(401, 403, 409) },
      },
    },
    async (request) => toStartDto(await useCases.startProSubscription.execute(request.user.id), paymentsMode),
  );

  app.get(
    '/api/subscription',
    {
      schema: {
        tags: ['subscription'],
        ...operation({
          id: 'getSubscription',
          summary: 'Your plan and subscription (Billing tab)',
          description:
            'Your tier, and the subscription (status, period end, cancel at period end) when there is one.',
          access: 'session',
          scope: 'profile:read',
          responses: { 200: 'Your plan' },
        }),
        response: { 200: SubscriptionRef, ...errors(401) },
      },
    },
    async (request) => toSubscriptionDto(await useCases.getSubscription.execute(request.user.id)),
  );

  app.post(
    '/api/subscription/cancel',
    {
      schema: {
        tags: ['subscription'],
        ...operation({
          id: 'cancelSubscription',
          summary: 'Cancel at the end of the current period; Pro stays until then',
          description:
            'Answers 409 NO_ACTIVE_SUBSCRIPTION without an active or trialing subscription. No body.',
          access: 'session',
          errors: { 409: ['NO_ACTIVE_SUBSCRIPTION'] },
          responses: { 200: 'Your plan, now ending at the period end' },
        }),
        response: { 200: SubscriptionRef, ...errors(401, 409) },
      },
    },
    async (request) => toSubscriptionDto(await useCases.cancelSubscription.execute(request.user.id)),
  );

  app.post(
    '/api/subscription/portal',
    {
      schema: {
        tags: ['subscription'],
        ...operation({
          id: 'openBillingPortal',
          summary: 'Update Payment Method: a Stripe billing portal session; open its url',
          description:
            'The portal returns to /profile. 409 NO_PAYMENT_CUSTOMER before any subscription; 409 ' +
            'PORTAL_UNAVAILABLE in sandbox mode. No body.',
          access: 'session',
          errors: { 409: ['NO_PAYMENT_CUSTOMER', 'PORTAL_UNAVAILABLE'] },
          responses: { 200: 'The portal session; open its url' },
        }),
        response: { 200: Type.Object({ url: Type.String() }), ...errors(401, 409) },
      },
    },
    async (request) => useCases.openBillingPortal.execute(request.user.id, `${config.publicUrl}/profile`),
  );

  app.post(
    '/api/subscription/sandbox/confirm',
    {
      schema: {
        tags: ['subscription'],
        ...operation({
          id: 'confirmSandboxPayment',
          summary:
            "Sandbox only: confirm a client secret with a test card (the test-mode card form's submit)",
          access: 'session',
          errors: {
            400: [
              'CARD_DECLINED',
              'EXPIRED_CARD',
              'INCORRECT_NUMBER',
              'INVALID_EXPIRY',
              'INVALID_EXPIRY_MONTH',
              'INVALID_EXPIRY_YEAR',
              'INCOMPLETE_CVC',
            ],
            404: ['NOT_FOUND', 'PAYMENT_NOT_FOUND'],
          },
          responses: { 200: 'Your plan after the payment' },
          description:
            'Only while no Stripe keys are configured (else 404). 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 ' +
            "answers 400 CARD_DECLINED 'Your card was declined.' (also 4000000000009995 insufficient funds, " +
            '4000000000000069 EXPIRED_CARD, an invalid number INCORRECT_NUMBER). As in Stripe test mode the expiry ' +
            'must be this month or later (400 INVALID_EXPIRY_YEAR "Your card\'s expiration date is in the past.") and ' +
            'the CVC 3 digits, 4 for American Express (400 INCOMPLETE_CVC). A declined card changes nothing: the ' +
            'user stays on the free plan. Success answers the subscription, applied through the same use case as ' +
            'the Stripe webhook.',
        }),
        body: Type.Object(
          {
            clientSecret: Type.String({ minLength: 1, maxLength: 255 }),
            cardNumber: Type.String({ maxLength: 32, description: "'4242 4242 4242 4242'" }),
            expiry: Type.String({ maxLength: 9, description: "'MM / YY'" }),
            cvc: Type.String({ maxLength: 4, description: '3 digits, 4 for American Express' }),
          },
          {
            examples: [
              {
                clientSecret: 'seti_sandbox_1a2b3c_secret_4d5e6f',
                cardNumber: '4242 4242 4242 4242',
                expiry: '12 / 34',
                cvc: '123',
              },
            ],
          },
        ),
        response: { 200: SubscriptionRef, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const confirm = useCases.confirmSandboxPayment;
      if (!confirm.available) {
        throw new NotFoundError('NOT_FOUND', 'The sandbox payment gateway is not active on this server');
      }
      const user = request.user;
      return toSubscriptionDto(
        await confirm.execute({
          userId: user.id,
          clientSecret: request.body.clientSecret,
          cardNumber: request.body.cardNumber,
          expiry: request.body.expiry,
          cvc: request.body.cvc,
        }),
      );
    },
  );

  // Stripe signs the exact bytes it sends: this route alone reads its body raw (a Buffer).
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post(
      '/api/stripe/webhook',
      {
        schema: {
          tags: ['subscription'],
          ...operation({
            id: 'receiveStripeWebhook',
            summary: 'Stripe webhook (signed): subscription and invoice events',
            access: 'public',
            rawBody: true,
            errors: { 400: ['INVALID_SIGNATURE'], 404: ['NOT_FOUND'] },
            responses: { 200: 'The event was received' },
            description:
              'Verifies the Stripe-Signature header over the raw body (400 INVALID_SIGNATURE otherwise, nothing ' +
              'changes). Handles customer.subscription.created/updated/deleted, invoice.paid and ' +
              "invoice.payment_failed once per event id, reading the subscription's current state from Stripe; " +
              'every other type is acknowledged and ignored. 404 in sandbox mode.',
          }),
          response: {
            200: Type.Object({
              received: Type.Literal(true),
              outcome: Type.Enum(['applied', 'duplicate', 'ignored', 'unknown_user']),
            }),
            ...errors(400, 404),
          },
        },
      },
      async (request) => {
        const body = request.body;
        const rawBody = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
        const header = request.headers['stripe-signature'];
        const signature = typeof header === 'string' ? header : undefined;
        const event = useCases.paymentGateway.parseWebhook(rawBody, signature);
        const outcome = await useCases.handlePaymentEvent.execute(event);
        if (outcome === 'unknown_user')
          request.log.warn({ eventId: event.id }, 'payment event for no known user');
        return { received: true as const, outcome };
      },
    );
  });
};
