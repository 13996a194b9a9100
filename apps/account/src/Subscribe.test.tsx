// @vitest-environment jsdom

import { jsonResponse, makeUser, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { INIT_FAILED, SubscribePage } from './Subscribe.tsx';
import { resetAfterEach, shellMocks, toasted } from './testing.ts';

const shell = shellMocks;

const sandbox = {
  paymentsMode: 'sandbox',
  stripePublishableKey: null,
  proPlan: { amount: '29.00', currency: 'usd', interval: 'month', trialDays: 7 },
};

function start(clientSecret: string | undefined, alreadySubscribed = false) {
  return {
    alreadySubscribed,
    clientSecret,
    confirmation: clientSecret ? 'payment' : undefined,
    paymentsMode: 'sandbox',
    status: alreadySubscribed ? 'active' : 'incomplete',
    subscriptionId: alreadySubscribed ? null : 'sub_1',
    trialEnd: null,
  };
}

describe('SubscribePage', () => {
  resetAfterEach();

  it('asks visitors to log in', () => {
    render(<SubscribePage user={null} {...shell()} />);
    expect(screen.getByRole('heading', { name: 'Please Log In' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/api/login');
  });

  it("tells Pro members they're already Pro, with the dashboard and 'Manage Subscription' links", () => {
    const fetch = routeFetch({});
    render(<SubscribePage user={makeUser({ subscriptionTier: 'pro' })} {...shell()} />);
    expect(screen.getByRole('heading', { name: "You're Already Pro!" })).toBeTruthy();
    expect(screen.getByText('Pro Member')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Manage Subscription' }).getAttribute('href')).toBe(
      '/profile?tab=billing',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('opens without creating anything: a spinner, then the sandbox card form with $29/month', async () => {
    const fetch = routeFetch({ 'GET /api/config': sandbox });
    render(<SubscribePage user={makeUser({ role: 'contractor' })} {...shell()} />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Upgrade to Pro' })).toBeTruthy();
    expect(screen.getByText('TEST MODE')).toBeTruthy();
    expect(screen.getByText('$29/month')).toBeTruthy();
    expect(screen.getByText('Priority project access')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeTruthy();
    expect(requestsOf(fetch)).toEqual(['GET /api/config']);
  });

  it('tells clients that Pro is for contractors and vendors, and asks nothing of the API', () => {
    const fetch = routeFetch({});
    render(<SubscribePage user={makeUser({ role: 'client' })} {...shell()} />);
    expect(screen.getByRole('heading', { name: 'Pro is for contractors and vendors' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Switch Role' }).getAttribute('href')).toBe('/switch-role');
    expect(fetch).not.toHaveBeenCalled();
  });

  async function fillCard(number: string) {
    fireEvent.change(await screen.findByRole('textbox', { name: 'Card number' }), {
      target: { value: number },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Expiry' }), { target: { value: '12 / 34' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'CVC' }), { target: { value: '123' } });
  }

  it.each([
    ['an empty client secret', start('')],
    ['an answer without one (already subscribed)', start(undefined, true)],
  ])("on submit, shows 'Already Subscribed' and 'Unable to Load Subscription' for %s", async (_, answer) => {
    routeFetch({ 'POST /api/create-subscription': answer, 'GET /api/config': sandbox });
    const s = shell();
    render(<SubscribePage user={makeUser({ role: 'contractor' })} {...s} />);
    await fillCard('4242 4242 4242 4242');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect(await screen.findByRole('heading', { name: 'Unable to Load Subscription' })).toBeTruthy();
    expect(s.toast).toHaveBeenCalledWith({
      title: 'Already Subscribed',
      description: 'You already have an active Pro subscription.',
    });
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Pricing' }).getAttribute('href')).toBe('/pricing');
  });

  it('reports a failed initialisation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    routeFetch({
      'GET /api/config': jsonResponse(500, { message: 'Internal Server Error', code: 'INTERNAL' }),
    });
    const s = shell();
    render(<SubscribePage user={makeUser({ role: 'contractor' })} {...s} />);
    expect(await screen.findByRole('heading', { name: 'Unable to Load Subscription' })).toBeTruthy();
    expect(s.toast).toHaveBeenCalledWith({
      title: 'Error',
      description: INIT_FAILED,
      variant: 'destructive',
    });
  });

  it("on submit creates the subscription, confirms in the sandbox ('Processing...') and returns to /?subscription=success", async () => {
    let body: unknown;
    let release: () => void = () => {};
    const fetch = routeFetch({
      'POST /api/create-subscription': start('pi_1_secret_x'),
      'GET /api/config': sandbox,
      'POST /api/subscription/sandbox/confirm': async (r: Request) => {
        body = await r.json();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return jsonResponse(200, { plan: 'pro', status: 'active' });
      },
    });
    const s = shell();
    render(<SubscribePage user={makeUser({ role: 'contractor' })} {...s} />);
    await fillCard('4242 4242 4242 4242');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeTruthy();
    release();
    await waitFor(() => expect(s.navigate).toHaveBeenCalledWith('/?subscription=success'));
    expect(body).toEqual({
      clientSecret: 'pi_1_secret_x',
      cardNumber: '4242424242424242',
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(requestsOf(fetch)).toEqual([
      'GET /api/config',
      'POST /api/create-subscription',
      'POST /api/subscription/sandbox/confirm',
    ]);
  });

  it('asks for the expiry and the CVC before anything is sent', async () => {
    const fetch = routeFetch({ 'GET /api/config': sandbox });
    render(<SubscribePage user={makeUser({ role: 'contractor' })} {...shell()} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Card number' }), {
      target: { value: '4242 4242 4242 4242' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
    expect(requestsOf(fetch)).toEqual(['GET /api/config']);
  });

  it("shows 'Payment Failed' with the provider's message next to the field", async () => {
    routeFetch({
      'POST /api/create-subscription': start('pi_1_secret_x'),
      'GET /api/config': sandbox,
      'POST /api/subscription/sandbox/confirm': jsonResponse(400, {
        message: "Your card's expiration date is in the past.",
        code: 'INVALID_EXPIRY_YEAR',
        field: 'expiry',
      }),
    });
    const s = shell();
    render(<SubscribePage user={makeUser({ role: 'contractor' })} {...s} />);
    await fillCard('4242 4242 4242 4242');
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    await toasted(s.toast, {
      title: 'Payment Failed',
      description: "Your card's expiration date is in the past.",
      variant: 'destructive',
    });
    expect(s.navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeTruthy();
  });
});
