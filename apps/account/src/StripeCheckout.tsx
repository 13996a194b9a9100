/**
 * The real card form: the payment provider's Payment Element. Loaded lazily and only when
 * GET /api/config gives a publishable key; '@stripe/stripe-js/pure' loads Stripe.js from
 * js.stripe.com on the first loadStripe() call and never as a side effect of the import.
 */
import type { ToastInput } from '@buildbid/api-client';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { SUBSCRIPTION_SUCCESS_PATH } from './plans.ts';

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
  clientSecret: string;
  /** What the client secret confirms: the first payment, or (a free trial) the card for later. */
  confirmation: 'payment' | 'setup';
  toast(t: ToastInput): void;
}

function CheckoutForm({ confirmation, toast }: Omit<Props, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);

  async function submit() {
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    // The provider returns the user to the site root with subscription=success.
    const confirmParams = { return_url: new URL(SUBSCRIPTION_SUCCESS_PATH, window.location.origin).href };
    const { error } =
      confirmation === 'setup'
        ? await stripe.confirmSetup({ elements, confirmParams })
        : await stripe.confirmPayment({ elements, confirmParams });
    // Only reached when the confirmation failed before leaving the page.
    setProcessing(false);
    if (error) {
      toast({
        title: 'Payment Failed',
        description: error.message ?? 'Your payment could not be completed.',
        variant: 'destructive',
      });
    }
  }

  return (
    <Form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <PaymentElement />
      <Button type="submit" className="btn btn-primary btn-block btn-lg" isDisabled={!stripe || processing}>
        {processing ? 'Processing...' : 'Subscribe Now'}
      </Button>
    </Form>
  );
}

export default function StripeCheckout({ publishableKey, clientSecret, confirmation, toast }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <CheckoutForm confirmation={confirmation} toast={toast} />
    </Elements>
  );
}
