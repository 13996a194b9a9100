/**
 * The real card form: the payment provider's Payment Element. Loaded lazily and only when
 * GET /api/config gives a publishable key; '@stripe/stripe-js/pure' loads Stripe.js from
 * js.stripe.com on the first loadStripe() call and never as a side effect of the import.
 */
import type { ToastInput } from '@buildbid/api-client';
import { PRO_PRICE_CENTS } from '@buildbid/domain/account';
import { SubmitForm } from '@buildbid/ui';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { type Started, SUBSCRIPTION_SUCCESS_PATH, startOrNull } from './plans.ts';

const stripes = new Map<string, Promise<Stripe | null>>();

function stripeFor(key: string): Promise<Stripe | null> {
  let stripe = stripes.get(key);
  if (!stripe) {
    stripe = loadStripe(key);
    stripes.set(key, stripe);
  }
  return stripe;
}

interface Props {
  publishableKey: string;
  /** Creates (or resumes) the subscription on submit: its client secret, or null (already subscribed). */
  start(): Promise<Started>;
  toast(t: ToastInput): void;
}

function CheckoutForm({ start, toast }: Omit<Props, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);

  function failed(message: string | undefined) {
    setProcessing(false);
    toast({
      title: 'Payment Failed',
      description: message ?? 'Your payment could not be completed.',
      variant: 'destructive',
    });
  }

  async function submit() {
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    // Deferred intent: the card is checked first, and only then is the subscription created.
    const checked = await elements.submit();
    if (checked.error) return failed(checked.error.message);
    const started = await startOrNull(start);
    if (!started) {
      setProcessing(false);
      return;
    }
    // The provider returns the user to the site root with subscription=success.
    const confirmParams = { return_url: new URL(SUBSCRIPTION_SUCCESS_PATH, window.location.origin).href };
    const { clientSecret } = started;
    const { error } =
      started.confirmation === 'setup'
        ? await stripe.confirmSetup({ elements, clientSecret, confirmParams })
        : await stripe.confirmPayment({ elements, clientSecret, confirmParams });
    // Only reached when the confirmation failed before leaving the page: the user stays on the free plan.
    if (error) failed(error.message);
    else setProcessing(false);
  }

  return (
    <SubmitForm onSubmit={submit} validationBehavior="native">
      <PaymentElement />
      <Button type="submit" className="btn btn-primary btn-block btn-lg" isDisabled={!stripe || processing}>
        {processing ? 'Processing...' : 'Subscribe Now'}
      </Button>
    </SubmitForm>
  );
}

/**
 * The Payment Element in deferred mode (no intent yet): opening the page creates nothing at the provider.
 * Mode 'subscription' with the Pro price collects a card for a recurring charge; the secret from
 * POST /api/create-subscription confirms either the trial's card setup or the first payment.
 */
export default function StripeCheckout({ publishableKey, start, toast }: Props) {
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{
        mode: 'subscription',
        amount: PRO_PRICE_CENTS,
        currency: 'usd',
      }}
    >
      <CheckoutForm start={start} toast={toast} />
    </Elements>
  );
}
