import { describe, expect, it } from 'vitest';
import { aUser, NOW } from '../../fakes/mothers.ts';

describe('User: marketplace additions', () => {
  it('exposes what bids, stats and reviews read', () => {
    const u = aUser({
      role: 'contractor',
      services: ['electrical'],
      profileImageUrl: '/img.png',
      stripeCustomerId: 'cus',
      stripeSubscriptionId: 'sub',
    });
    expect(u.canBid).toBe(true);
    expect(u.services).toEqual(['electrical']);
    expect(u.profileImageUrl).toBe('/img.png');
    expect(u.stripeCustomerId).toBe('cus');
    expect(u.stripeSubscriptionId).toBe('sub');
    expect(aUser({ role: 'vendor' }).canBid).toBe(true);
    expect(aUser({ role: 'client' }).canBid).toBe(false);
    expect(aUser({ role: 'admin' }).canBid).toBe(false);
  });

  it('sets rating and reviewCount from the review summary', () => {
    const u = aUser();
    u.applyRatingSummary(3, 14, NOW);
    expect(u.ratingHundredths).toBe(467);
    expect(u.reviewCount).toBe(3);
    expect(() => u.applyRatingSummary(1, 6, NOW)).toThrow(
      expect.objectContaining({ code: 'INVALID_RATING_SUMMARY' }),
    );
    expect(() => u.applyRatingSummary(-1, 0, NOW)).toThrow();
  });

  it('changes the plan and links the payment customer', () => {
    const u = aUser();
    u.linkPaymentCustomer('cus_1', NOW);
    u.changeSubscription('pro', 'sub_1', NOW);
    expect(u.toSnapshot()).toMatchObject({
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_1',
      subscriptionTier: 'pro',
    });
    u.changeSubscription('free', null, NOW);
    expect(u.subscriptionTier).toBe('free');
  });
});
