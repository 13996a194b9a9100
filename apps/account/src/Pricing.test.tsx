// @vitest-environment jsdom

import { makeUser } from '@buildbid/test-kit/helpers';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PricingPage, pricingTargets } from './Pricing.tsx';

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('PricingPage', () => {
  afterEach(cleanup);

  it('sends visitors to /api/login from every plan button', () => {
    render(<PricingPage user={null} />);
    expect(href('Get Started Free')).toBe('/api/login');
    expect(href('Upgrade to Pro')).toBe('/api/login');
    expect(href('Start Free Trial')).toBe('/api/login');
    expect(screen.queryByRole('button', { name: 'Current Plan' })).toBeNull();
    expect(pricingTargets(false)).toEqual({ free: '/api/login', pro: '/api/login' });
  });

  it("disables the free plan's button for a free user and sends Pro buttons to /subscribe", () => {
    render(<PricingPage user={makeUser({ subscriptionTier: 'free' })} />);
    const current = screen.getByRole('button', { name: 'Current Plan' });
    expect(current.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Get Started Free' })).toBeNull();
    expect(href('Upgrade to Pro')).toBe('/subscribe');
    expect(href('Start Free Trial')).toBe('/subscribe');
  });

  it('tells a signed-in client that Pro is for contractors and vendors, and how to become one', () => {
    render(<PricingPage user={makeUser({ role: 'client' })} />);
    expect(
      screen.getByText(
        'Pro is for contractors and vendors, who bid on projects. Switch your role to contractor or vendor to subscribe.',
      ),
    ).toBeTruthy();
  });

  it("disables Pro's buttons for a Pro member; 'Get Started Free' goes to /", () => {
    render(<PricingPage user={makeUser({ subscriptionTier: 'pro' })} />);
    expect(href('Get Started Free')).toBe('/');
    expect(screen.queryByRole('link', { name: 'Upgrade to Pro' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Current Plan' }).length).toBe(2);
  });

  it("labels Pro 'Most Popular' and lists the plans and the four FAQ claims", () => {
    render(<PricingPage user={null} />);
    expect(screen.getByText('Most Popular')).toBeTruthy();
    expect(screen.getByText('3 bids per month')).toBeTruthy();
    expect(screen.getByText('Unlimited bids')).toBeTruthy();
    // The FAQ matches what Cancel does: Pro stays to the end of the paid period (no immediate downgrade).
    expect(screen.getByText(/stays until the end of the period you have paid for/)).toBeTruthy();
    expect(screen.queryByText(/takes effect immediately/)).toBeNull();
    expect(screen.getByText('Pro is for contractors and vendors, who bid on projects.')).toBeTruthy();
    expect(screen.getByText(/existing bids stay active.*3 new bids per month/i)).toBeTruthy();
    expect(screen.getByText(/7-day free trial/)).toBeTruthy();
    expect(screen.getByText(/billed monthly by card/)).toBeTruthy();
  });
});
