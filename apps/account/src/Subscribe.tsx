/**
 * Subscribe (/subscribe, accounts-and-shell sections 2 and 8): a spinner while the subscription is
 * initialised, 'Please Log In', "You're Already Pro!", 'Unable to Load Subscription', or the
 * 'Upgrade to Pro' page with the card form, '$29/month', the features and 'Subscribe Now'.
 *
 * The card form is the payment provider's Payment Element when GET /api/config gives a publishable
 * key (Stripe.js then loads from js.stripe.com, only then); otherwise a clearly labelled TEST-MODE
 * sandbox form that confirms through POST /api/subscription/sandbox/confirm.
 */
import { ApiError, type ApiUser, type RemoteProps } from '@buildbid/api-client';
import { Spinner, SubmitForm, TextInput, TitledCard, useFields } from '@buildbid/ui';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Button, Link } from 'react-aria-components';
import { confirmSandboxPayment, createSubscription, getPaymentsConfig } from './api.ts';
import { PlanFeatures } from './Pricing.tsx';
import {
  MANAGE_SUBSCRIPTION_HREF,
  PRO_FEATURES,
  PRO_MONTHLY,
  PRO_ROLES_NOTE,
  type Started,
  SUBSCRIPTION_SUCCESS_PATH,
  startOrNull,
} from './plans.ts';

/** Loaded only in real-key mode, so the sandbox (and every test) never touches Stripe.js. */
const StripeCheckout = lazy(() => import('./StripeCheckout.tsx'));

export const INIT_FAILED = 'Failed to initialize subscription. Please try again.';
export const ALREADY_SUBSCRIBED = {
  title: 'Already Subscribed',
  description: 'You already have an active Pro subscription.',
} as const;
export const SANDBOX_TEST_CARD = '4242 4242 4242 4242';

/** The sandbox card's expiry and CVC, side by side under the card number. */
const EXPIRY_AND_CVC = [
  { name: 'expiry', label: 'Expiry', placeholder: 'MM / YY' },
  { name: 'cvc', label: 'CVC', inputMode: 'numeric', placeholder: '123' },
] as const;

type Shell = Pick<RemoteProps, 'toast' | 'navigate' | 'refreshUser'>;

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Your payment could not be completed.';
}

/** What the page needs before the form: which card form to show. Reading it changes nothing. */
type InitState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; publishableKey: string | null };

/**
 * Opening /subscribe only reads GET /api/config: the subscription is created when the user submits the
 * card form (decision 0090), so leaving the page leaves nothing behind and the user stays free.
 */
export function useSubscribeConfig(enabled: boolean, shell: Shell): InitState {
  const [state, setState] = useState<InitState>({ status: 'loading' });
  const shellRef = useRef(shell);
  shellRef.current = shell;
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState({ status: 'loading' });
    getPaymentsConfig().then(
      (config) => {
        if (!live) return;
        const key = config.paymentsMode === 'stripe' ? config.stripePublishableKey : null;
        setState({ status: 'ready', publishableKey: key ? key : null });
      },
      (error: unknown) => {
        if (!live) return;
        console.error('Subscription initialisation failed', error);
        shellRef.current.toast({ title: 'Error', description: INIT_FAILED, variant: 'destructive' });
        setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return state;
}

/**
 * The submit's first step: POST /api/create-subscription. Answers the client secret to confirm, or null
 * after telling the user they are already subscribed. Throws (with the toast shown) when it failed.
 */
async function startSubscription(shell: Shell, onAlreadySubscribed: () => void): Promise<Started> {
  let start: Awaited<ReturnType<typeof createSubscription>>;
  try {
    start = await createSubscription();
  } catch (error) {
    const description =
      error instanceof ApiError && error.fromServer && error.status < 500 ? error.message : INIT_FAILED;
    shell.toast({ title: 'Error', description, variant: 'destructive' });
    throw error;
  }
  const clientSecret = start.clientSecret;
  if (start.alreadySubscribed || !clientSecret) {
    shell.toast({ ...ALREADY_SUBSCRIBED });
    onAlreadySubscribed();
    void shell.refreshUser();
    return null;
  }
  const confirmation = start.confirmation ?? (clientSecret.startsWith('seti_') ? 'setup' : 'payment');
  return { clientSecret, confirmation };
}

function PlanSummary() {
  return (
    <TitledCard as="aside" id="subscribe-plan-title" title="Pro Plan" className="subscribe-summary">
      <p className="plan-price">
        <span className="plan-amount">{PRO_MONTHLY}</span>
      </p>
      <p className="muted small">7-day free trial for new Pro subscribers. Cancel any time.</p>
      <h3 className="subscribe-features-title">Included features</h3>
      <PlanFeatures features={PRO_FEATURES} />
    </TitledCard>
  );
}

/** A page in place of the card form: what stands in the way (`title`, `text`) and where to go instead. */
function StateCard({
  title,
  badge,
  text,
  children,
}: {
  title: string;
  badge?: ReactNode;
  text: string;
  children: ReactNode;
}) {
  return (
    <section className="card subscribe-state">
      <h1 className="page-title">{title}</h1>
      {badge}
      <p className="muted">{text}</p>
      {children}
    </section>
  );
}

function StateActions({ children }: { children: ReactNode }) {
  return <div className="actions subscribe-actions">{children}</div>;
}

/** The TEST-MODE card form: no real card is charged; the API's sandbox checks the card as Stripe's test mode. */
export function SandboxCardForm({
  shell,
  start,
}: {
  shell: Shell;
  /** Creates (or resumes) the subscription on submit: its client secret, or null (already subscribed). */
  start(): Promise<Started>;
}) {
  // The three errors come from one submit: typing in any field clears them all.
  const { values, field, setErrors } = useFields(
    { cardNumber: '', expiry: '', cvc: '' },
    { clearAllErrors: true },
  );
  const { cardNumber, expiry, cvc } = values;
  const [processing, setProcessing] = useState(false);

  async function submit() {
    if (processing) return;
    const digits = cardNumber.replace(/\s+/g, '');
    const missing = {
      ...(digits ? {} : { cardNumber: 'Required' }),
      ...(expiry.trim() ? {} : { expiry: 'Required' }),
      ...(cvc.trim() ? {} : { cvc: 'Required' }),
    };
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    setProcessing(true);
    const started = await startOrNull(start);
    if (!started) {
      setProcessing(false);
      return;
    }
    try {
      await confirmSandboxPayment({ clientSecret: started.clientSecret, cardNumber: digits, expiry, cvc });
    } catch (err) {
      setProcessing(false);
      if (err instanceof ApiError && err.status === 400) {
        const wrong = err.field === 'expiry' || err.field === 'cvc' ? err.field : 'cardNumber';
        setErrors({ [wrong]: err.message });
      }
      shell.toast({ title: 'Payment Failed', description: errorMessage(err), variant: 'destructive' });
      return;
    }
    shell.navigate(SUBSCRIPTION_SUCCESS_PATH);
  }

  return (
    <SubmitForm onSubmit={submit}>
      <div className="alert alert-info sandbox-banner" role="note">
        <p className="alert-title">TEST MODE</p>
        <p className="small">
          Payments run in a sandbox: no card is charged. Use the test card {SANDBOX_TEST_CARD} with any future
          expiry and any 3-digit CVC; the card 4000 0000 0000 0002 is declined.
        </p>
      </div>
      <TextInput
        label="Card number"
        inputMode="numeric"
        placeholder={SANDBOX_TEST_CARD}
        {...field('cardNumber')}
        isRequired
      />
      <div className="form-row">
        {EXPIRY_AND_CVC.map(({ name, ...input }) => (
          <TextInput key={name} {...input} {...field(name)} isRequired />
        ))}
      </div>
      <Button type="submit" className="btn btn-primary btn-block btn-lg" isDisabled={processing}>
        {processing ? 'Processing...' : 'Subscribe Now'}
      </Button>
    </SubmitForm>
  );
}

/** Shown to clients and admins: Pro's benefit is unlimited bids, so only bidders may buy it. */
export function NotForYourRole() {
  return (
    <StateCard title="Pro is for contractors and vendors" text={PRO_ROLES_NOTE}>
      <StateActions>
        <Link href="/switch-role" className="btn btn-primary">
          Switch Role
        </Link>
        <BackToPricing />
      </StateActions>
    </StateCard>
  );
}

function BackToPricing() {
  return (
    <Link href="/pricing" className="btn btn-outline">
      Back to Pricing
    </Link>
  );
}

export function SubscribePage({ user, ...shell }: Shell & { user: ApiUser | null }) {
  const mayBuy = user !== null && (user.role === 'contractor' || user.role === 'vendor');
  const eligible = mayBuy && user.subscriptionTier !== 'pro';
  const state = useSubscribeConfig(eligible, shell);
  const [alreadySubscribed, setAlreadySubscribed] = useState(false);
  const start = () => startSubscription(shell, () => setAlreadySubscribed(true));

  if (!user) {
    return (
      <StateCard title="Please Log In" text="You need an account to subscribe to Pro.">
        <Link href="/api/login" className="btn btn-primary">
          Log In
        </Link>
      </StateCard>
    );
  }

  if (user.subscriptionTier === 'pro') {
    return (
      <StateCard
        title="You're Already Pro!"
        badge={
          <p>
            <span className="badge badge-accent">Pro Member</span>
          </p>
        }
        text="You have unlimited bids and every Pro feature."
      >
        <StateActions>
          <Link href="/" className="btn btn-primary">
            Go to Dashboard
          </Link>
          <Link href={MANAGE_SUBSCRIPTION_HREF} className="btn btn-outline">
            Manage Subscription
          </Link>
        </StateActions>
      </StateCard>
    );
  }

  if (!mayBuy) return <NotForYourRole />;

  if (state.status === 'loading') return <Spinner />;

  if (state.status !== 'ready' || alreadySubscribed) {
    return (
      <StateCard
        title="Unable to Load Subscription"
        text="We couldn't start your subscription. Please try again in a moment."
      >
        <StateActions>
          <Button className="btn btn-primary" onPress={() => window.location.reload()}>
            Try Again
          </Button>
          <BackToPricing />
        </StateActions>
      </StateCard>
    );
  }

  return (
    <div className="subscribe">
      <header className="pricing-head">
        <h1 className="page-title">Upgrade to Pro</h1>
        <p className="page-lead">Unlimited bids and every Pro feature for {PRO_MONTHLY}.</p>
      </header>
      <div className="subscribe-grid">
        <TitledCard id="payment-title" title="Payment details">
          {state.publishableKey ? (
            <Suspense fallback={<Spinner />}>
              <StripeCheckout publishableKey={state.publishableKey} start={start} toast={shell.toast} />
            </Suspense>
          ) : (
            <SandboxCardForm shell={shell} start={start} />
          )}
        </TitledCard>
        <PlanSummary />
      </div>
    </div>
  );
}
