// @vitest-environment jsdom

import { makeUser, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIER_COLORS } from './badges.tsx';
import { Dashboard } from './Dashboard.tsx';
import { AchievementCard, isLimitReached, SubscriptionCard, shownBidCount } from './DashboardCards.tsx';
import { earnedBadge } from './testing.ts';

// Midnight of Feb 1 in Nassau (EST, UTC-5): the quota's reset.
const resetsAt = '2026-02-01T05:00:00.000Z';

describe('SubscriptionCard', () => {
  afterEach(cleanup);

  it('shows the free-plan count from 0 to 3', () => {
    expect([0, 1, 2, 3, 4, -1].map(shownBidCount)).toEqual([0, 1, 2, 3, 3, 0]);
    expect([2, 3, 5].map(isLimitReached)).toEqual([false, true, true]);
  });

  it("shows 'Limit Reached' at 3 or more, 'Starting at $29/month' and the reset date", () => {
    const { rerender } = render(<SubscriptionCard tier="free" quota={{ bidsThisMonth: 2, resetsAt }} />);
    expect(screen.getByTestId('bid-count').textContent).toBe('2/3');
    expect(screen.queryByText('Limit Reached')).toBeNull();
    expect(screen.getByText('Starting at $29/month')).toBeTruthy();
    expect(screen.getByText(/^Resets on Feb 1, 2026$/)).toBeTruthy();
    rerender(<SubscriptionCard tier="free" quota={{ bidsThisMonth: 3, resetsAt }} />);
    expect(screen.getByText('Limit Reached')).toBeTruthy();
    rerender(<SubscriptionCard tier="free" quota={{ bidsThisMonth: 7, resetsAt }} />);
    expect(screen.getByTestId('bid-count').textContent).toBe('3/3');
    expect(screen.getByText('Limit Reached')).toBeTruthy();
    rerender(<SubscriptionCard tier="free" quota={null} />);
    expect(screen.getByTestId('bid-count').textContent).toBe('0/3');
  });

  it('shows unlimited bids on Pro', () => {
    render(<SubscriptionCard tier="pro" quota={null} />);
    expect(screen.getByText(/Unlimited bids/)).toBeTruthy();
    expect(screen.queryByTestId('bid-count')).toBeNull();
  });
});

describe('AchievementCard', () => {
  afterEach(cleanup);

  const category = (category: string, points: number, tier: string | null, progress: number) => ({
    category: category as 'quality',
    points,
    level: 1,
    tier: tier as 'bronze' | null,
    nextTier: 'silver' as const,
    nextTierPoints: 100,
    progress,
  });

  it('starts a new account at zero: no badge, 0 % in each row', () => {
    render(<AchievementCard achievements={{ categories: [], badges: [] }} />);
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['0', '0', '0']);
    expect(screen.getAllByText('No badge yet')).toHaveLength(3);
    expect(screen.getAllByText(/^0 points/)).toHaveLength(3);
    expect(document.querySelectorAll('.tier-badge')).toHaveLength(0);
  });

  it('shows the real points, tier and progress of each category', () => {
    render(
      <AchievementCard
        achievements={{
          categories: [
            category('quality', 45, 'bronze', 26),
            category('speed', 5, null, 20),
            category('reliability', 120, 'silver', 13),
          ],
          badges: [],
        }}
      />,
    );
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['26', '20', '13']);
    const tiers = [...document.querySelectorAll('.tier-badge')].map((el) => el.getAttribute('data-tier'));
    expect(tiers).toEqual(['bronze', 'silver']);
    expect(screen.getByText(/^45 points/)).toBeTruthy();
    expect(Object.keys(TIER_COLORS)).toEqual(['gold', 'silver', 'bronze', 'platinum']);
  });
});

describe('Dashboard cards', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const stats = {
    postedProjects: 0,
    activeProjects: 0,
    completedProjects: 0,
    rating: 4.5,
    reviewCount: 2,
    activeBids: 1,
    wonProjects: 2,
    totalBids: 5,
    bidsThisMonth: 3,
    subscriptionTier: 'free',
    bidQuota: { tier: 'free', limit: 3, bidsThisMonth: 3, remaining: 0, limitReached: true, resetsAt },
  };

  const badge = (i: number) =>
    earnedBadge(i, { category: 'speed', tier: 'silver', icon: 'zap', pointsRequired: 1 });

  it('gives contractors the stats row, the cards and the first 6 badges, and calls achievements', async () => {
    const user = makeUser({ role: 'contractor' });
    const fetch = routeFetch({
      'GET /api/projects': [],
      'GET /api/users/me/stats': stats,
      'GET /api/users/me/quota': stats.bidQuota,
      'GET /api/users/me/achievements': { categories: [], badges: [] },
      [`GET /api/users/${user.id}/badges`]: Array.from({ length: 8 }, (_, i) => badge(i)),
    });
    render(<Dashboard user={user} country="BS" />);
    expect(await screen.findByText('Won Projects')).toBeTruthy();
    expect(await screen.findByText('Limit Reached')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Achievement Progress' })).toBeTruthy();
    expect(await screen.findByText('Badge 5')).toBeTruthy();
    expect(screen.queryByText('Badge 6')).toBeNull();
    await waitFor(() => expect(requestsOf(fetch)).toContain('GET /api/users/me/achievements'));
    expect(requestsOf(fetch)).toContain('GET /api/users/me/quota');
  });

  it('gives clients no achievement or subscription card', async () => {
    routeFetch({ 'GET /api/users/me/projects': [], 'GET /api/users/me/stats': stats });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Dashboard user={makeUser({ role: 'client' })} country="BS" />);
    expect(await screen.findByText('Posted Projects')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Achievement Progress' })).toBeNull();
    expect(screen.queryByText('Starting at $29/month')).toBeNull();
  });
});
