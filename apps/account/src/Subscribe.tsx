/**
 * Subscribe (/subscribe, accounts-and-shell sections 2 and 8): a spinner while the subscription is
 * initialised, 'Please Log In', "You're Already Pro!", 'Unable to Load Subscription', or the
 * 'Upgrade to Pro' page with the card form, '$29/month', the features and 'Subscribe Now'.
 *
 * The card form is the payment provider's Payment Element when GET /api/config gives a publishable
 * key (Stripe.js then loads from js.stripe.com, only then); otherwise a clearly labelled TEST-MODE
 * sandbox form that confirms through POST /api/subscription/sandbox/confirm.
 */
import type { ApiUser, RemoteProps } from '@buildbid/api-client';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button, Form, Link } from 'react-aria-components';
import { TextInput } from '../../projects/src/shared/fields.tsx';
import { confirmSandboxPayment, createSubscription, getPaymentsConfig } from './api.ts';
import { PRO_FEATURES, PRO_MONTHLY, SUBSCRIPTION_SUCCESS_PATH } from './plans.ts';

/** Loaded only in real-key mode, so the sandbox (and every test) never touches Stripe.js. */
const StripeCheckout = lazy(() => import('./StripeCheckout.tsx'));

export const INIT_FAILED = 'Failed to initialize subscription. Please try again.';
export const ALREADY_SUBSCRIBED = {
  title: 'Already Subscribed',
  description: 'You already have an active Pro subscription.',
} as const;
export const SANDBOX_TEST_CARD = '4242 4242 4242 4242';

type Shell = Pick<RemoteProps, 'toast' | 'navigate' | 'refreshUser'>;

type InitState =
  | { status: 'loading' }
  | { status: 'no-secret' }
  | {
      status: 'ready';
      clientSecret: string;
      confirmation: 'payment' | 'setup';
      publishableKey: string | null;
    };

function Spinner() {
  return (
    <div className="spinner-wrap" role="status" aria-label="Loading">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Your payment could not be completed.';
}

/** Both answers at once: the subscription to confirm and which card form to show. */
async function fetchInit() {
  const [start, config] = await Promise.all([createSubscription(), getPaymentsConfig()]);
  const key = config.paymentsMode === 'stripe' ? config.stripePublishableKey : null;
  return { start, publishableKey: key ? key : null };
}

/** One creation at a time: a remount while it is in flight (React's StrictMode in dev) reuses it. */
let inFlight: ReturnType<typeof fetchInit> | null = null;

function initialise(): ReturnType<typeof fetchInit> {
  if (!inFlight) {
    const started = fetchInit();
    inFlight = started;
    const clear = () => {
      if (inFlight === started) inFlight = null;
    };
    started.then(clear, clear);
  }
  return inFlight;
}

export function useSubscriptionInit(enabled: boolean, shell: Shell): InitState {
  const [state, setState] = useState<InitState>({ status: 'loading' });
  const shellRef = useRef(shell);
  shellRef.current = shell;
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState({ status: 'loading' });
    initialise().then(
      ({ start, publishableKey }) => {
        if (!live) return;
        const clientSecret = start.clientSecret;
        if (start.alreadySubscribed || !clientSecret) {
          shellRef.current.toast({ ...ALREADY_SUBSCRIBED });
          setState({ status: 'no-secret' });
          void shellRef.current.refreshUser();
          return;
        }
        const confirmation = start.confirmation ?? (clientSecret.startsWith('seti_') ? 'setup' : 'payment');
        setState({ status: 'ready', clientSecret, confirmation, publishableKey });
      },
      (error: unknown) => {
        if (!live) return;
        console.error('Subscription initialisation failed', error);
        shellRef.current.toast({ title: 'Error', description: INIT_FAILED, variant: 'destructive' });
        setState({ status: 'no-secret' });
      },
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return state;
}

function PlanSummary() {
  return (
    <aside className="card subscribe-summary" aria-labelledby="subscribe-plan-title">
      <h2 id="subscribe-plan-title" className="card-title">
        Pro Plan
      </h2>
      <p className="plan-price">
        <span className="plan-amount">{PRO_MONTHLY}</span>
      </p>
      <p className="muted small">7-day free trial for new Pro subscribers. Cancel any time.</p>
      <h3 className="subscribe-features-title">Included features</h3>
      <ul className="plan-features">
        {PRO_FEATURES.map((f) => (
          <li key={f}>
            <span className="plan-check" aria-hidden="true">
              ✓
            </span>{' '}
            {f}
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** The TEST-MODE card form: no real card is charged; the API's sandbox confirms the payment. */
export function SandboxCardForm({ clientSecret, shell }: { clientSecret: string; shell: Shell }) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function submit() {
    if (processing) return;
    const digits = cardNumber.replace(/\s+/g, '');
    if (!digits) {
      setError('Required');
      return;
    }
    setProcessing(true);
    try {
      await confirmSandboxPayment(clientSecret, digits);
    } catch (err) {
      setProcessing(false);
      shell.toast({ title: 'Payment Failed', description: errorMessage(err), variant: 'destructive' });
      return;
    }
    shell.navigate(SUBSCRIPTION_SUCCESS_PATH);
  }

  return (
    <Form
      className="form"
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="alert alert-info sandbox-banner" role="note">
        <p className="alert-title">TEST MODE</p>
        <p className="small">
          Payments run in a sandbox: no card is charged. Use the test card {SANDBOX_TEST_CARD}; the card 4000
          0000 0000 0002 is declined.
        </p>
      </div>
      <TextInput
        label="Card number"
        name="cardNumber"
        inputMode="numeric"
        placeholder={SANDBOX_TEST_CARD}
        value={cardNumber}
        onChange={(v) => {
          setCardNumber(v);
          setError(undefined);
        }}
        isRequired
        error={error}
      />
      <div className="form-row">
        <TextInput label="Expiry" name="expiry" placeholder="MM / YY" value={expiry} onChange={setExpiry} />
        <TextInput
          label="CVC"
          name="cvc"
          inputMode="numeric"
          placeholder="123"
          value={cvc}
          onChange={setCvc}
        />
      </div>
      <Button type="submit" className="btn btn-primary btn-block btn-lg" isDisabled={processing}>
        {processing ? 'Processing...' : 'Subscribe Now'}
      </Button>
    </Form>
  );
}

export function SubscribePage({ user, ...shell }: Shell & { user: ApiUser | null }) {
  const eligible = user !== null && user.subscriptionTier !== 'pro';
  const state = useSubscriptionInit(eligible, shell);

  if (!user) {
    return (
      <section className="card subscribe-state">
        <h1 className="page-title">Please Log In</h1>
        <p className="muted">You need an account to subscribe to Pro.</p>
        <Link href="/api/login" className="btn btn-primary">
          Log In
        </Link>
      </section>
    );
  }

  if (user.subscriptionTier === 'pro') {
    return (
      <section className="card subscribe-state">
        <h1 className="page-title">You're Already Pro!</h1>
        <p>
          <span className="badge badge-accent">Pro Member</span>
        </p>
        <p className="muted">You have unlimited bids and every Pro feature.</p>
        <div className="actions subscribe-actions">
          <Link href="/" className="btn btn-primary">
            Go to Dashboard
          </Link>
          <Link href="/profile" className="btn btn-outline">
            Manage Subscription
          </Link>
        </div>
      </section>
    );
  }

  if (state.status === 'loading') return <Spinner />;

  if (state.status === 'no-secret') {
    return (
      <section className="card subscribe-state">
        <h1 className="page-title">Unable to Load Subscription</h1>
        <p className="muted">We couldn't start your subscription. Please try again in a moment.</p>
        <div className="actions subscribe-actions">
          <Button className="btn btn-primary" onPress={() => window.location.reload()}>
            Try Again
          </Button>
          <Link href="/pricing" className="btn btn-outline">
            Back to Pricing
          </Link>
        </div>
      </section>
    );
  }

  return (
    <div className="subscribe">
      <header className="pricing-head">
        <h1 className="page-title">Upgrade to Pro</h1>
        <p className="page-lead">Unlimited bids and every Pro feature for {PRO_MONTHLY}.</p>
      </header>
      <div className="subscribe-grid">
        <section className="card" aria-labelledby="payment-title">
          <h2 id="payment-title" className="card-title">
            Payment details
          </h2>
          {state.publishableKey ? (
            <Suspense fallback={<Spinner />}>
              <StripeCheckout
                publishableKey={state.publishableKey}
                clientSecret={state.clientSecret}
                confirmation={state.confirmation}
                toast={shell.toast}
              />
            </Suspense>
          ) : (
            <SandboxCardForm clientSecret={state.clientSecret} shell={shell} />
          )}
        </section>
        <PlanSummary />
      </div>
    </div>
  );
}
