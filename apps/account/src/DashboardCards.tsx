/**
 * The dashboard's cards beside the project list (accounts-and-shell section 2): the statistics row,
 * the contractors' achievement-progress card (real points, decision 0121) and subscription card, and the
 * recent badges (the first 6).
 */
import type { ApiUser } from '@buildbid/api-client';
import { FREE_MONTHLY_BID_LIMIT, PRO_PRICE_CENTS } from '@buildbid/domain/account';
import { formatDate, formatRating, TitledCard } from '@buildbid/ui';
import { Label, Link, ProgressBar } from 'react-aria-components';
import type { Achievements, BidQuota, UserBadge, UserStats } from './api.ts';
import { BadgeList, tierColor } from './badges.tsx';

const RECENT_BADGES = 6;
const PRO_PRICE_TEXT = `$${PRO_PRICE_CENTS / 100}`;

interface Stat {
  label: string;
  value: string;
}

/** The statistics shown for the role: a client's projects, a contractor's or vendor's bids. */
function statsFor(role: ApiUser['role'], s: UserStats): Stat[] {
  const rating = { label: 'Rating', value: `${formatRating(s.rating)} (${s.reviewCount})` };
  if (role === 'contractor' || role === 'vendor') {
    return [
      { label: 'Active Bids', value: String(s.activeBids) },
      { label: 'Won Projects', value: String(s.wonProjects) },
      { label: 'Total Bids', value: String(s.totalBids) },
      rating,
    ];
  }
  return [
    { label: 'Posted Projects', value: String(s.postedProjects) },
    { label: 'Active Projects', value: String(s.activeProjects) },
    { label: 'Completed Projects', value: String(s.completedProjects) },
    rating,
  ];
}

const STAT_LABELS: Record<'client' | 'other', string[]> = {
  client: ['Posted Projects', 'Active Projects', 'Completed Projects', 'Rating'],
  other: ['Active Bids', 'Won Projects', 'Total Bids', 'Rating'],
};

export function StatsRow({ user, stats }: { user: ApiUser; stats: UserStats | null }) {
  const items: Stat[] = stats
    ? statsFor(user.role, stats)
    : STAT_LABELS[user.role === 'contractor' || user.role === 'vendor' ? 'other' : 'client'].map((label) => ({
        label,
        value: '–',
      }));
  return (
    <section className="stats-row" aria-label="Statistics" aria-busy={stats === null}>
      {items.map((item) => (
        <div key={item.label} className="card stat-card">
          <p className="stat-label">{item.label}</p>
          <p className="stat-value">{item.value}</p>
        </div>
      ))}
    </section>
  );
}

/**
 * The card's three categories under the spec's names (decision 0121): real points from the recorded
 * events, the badge tier reached and the progress to the next tier, all computed by the API.
 */
const ACHIEVEMENT_ROWS: ReadonlyArray<{
  category: 'quality' | 'speed' | 'reliability';
  name: string;
}> = [
  { category: 'quality', name: 'Quality Work' },
  { category: 'speed', name: 'Fast Response' },
  { category: 'reliability', name: 'Reliable' },
];

function tierName(tier: string): string {
  return tier.charAt(0).toUpperCase() + tier.slice(1);
}

export function AchievementCard({ achievements }: { achievements: Achievements | null }) {
  const rows = ACHIEVEMENT_ROWS.map((row) => {
    const found = achievements?.categories.find((c) => c.category === row.category);
    return {
      ...row,
      points: found?.points ?? 0,
      level: found?.level ?? 1,
      tier: found?.tier ?? null,
      nextTier: found?.nextTier ?? 'bronze',
      nextTierPoints: found?.nextTierPoints ?? null,
      progress: found?.progress ?? 0,
    };
  });
  return (
    <TitledCard
      id="achievements-title"
      title="Achievement Progress"
      className="achievement-card"
      busy={achievements === null}
    >
      <ul className="achievement-list">
        {rows.map((a) => (
          <li key={a.name} className="achievement" data-testid={`achievement-${a.category}`}>
            <ProgressBar className="achievement-bar" value={a.progress} aria-label={`${a.name} progress`}>
              {({ percentage, valueText }) => (
                <>
                  <div className="achievement-head">
                    <Label className="achievement-name">{a.name}</Label>
                    {a.tier ? (
                      <span
                        className="tier-badge"
                        data-tier={a.tier}
                        style={{ borderColor: tierColor(a.tier), color: tierColor(a.tier) }}
                      >
                        {tierName(a.tier)}
                      </span>
                    ) : (
                      <span className="muted small">No badge yet</span>
                    )}
                    <span className="muted small">Level {a.level}</span>
                    <span className="achievement-value small">{valueText}</span>
                  </div>
                  <div className="progress-track">
                    <div
                      className="progress-fill"
                      style={{
                        width: `${percentage ?? 0}%`,
                        background: a.tier ? tierColor(a.tier) : undefined,
                      }}
                    />
                  </div>
                  <p className="muted small achievement-points">
                    {a.points} {a.points === 1 ? 'point' : 'points'}
                    {a.nextTier && a.nextTierPoints !== null
                      ? ` · ${tierName(a.nextTier)} at ${a.nextTierPoints}`
                      : ''}
                  </p>
                </>
              )}
            </ProgressBar>
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}

/** The free plan's count as shown: 0 to 3. */
export function shownBidCount(count: number): number {
  return Math.min(FREE_MONTHLY_BID_LIMIT, Math.max(0, Math.floor(count)));
}

export function isLimitReached(count: number): boolean {
  return count >= FREE_MONTHLY_BID_LIMIT;
}

export function SubscriptionCard({
  tier,
  quota,
}: {
  tier: ApiUser['subscriptionTier'];
  quota: Pick<BidQuota, 'bidsThisMonth' | 'resetsAt'> | null;
}) {
  if (tier === 'pro') {
    return (
      <TitledCard id="subscription-title" title="Subscription" className="subscription-card">
        <p className="subscription-plan">
          <span className="badge badge-accent">Pro</span> Unlimited bids{' '}
          <span aria-hidden="true" className="infinity">
            ∞
          </span>
        </p>
        <Link href="/profile" className="text-link small">
          Manage Subscription
        </Link>
      </TitledCard>
    );
  }
  const count = quota?.bidsThisMonth ?? 0;
  const shown = shownBidCount(count);
  return (
    <section className="card subscription-card" aria-labelledby="subscription-title">
      <div className="dashboard-section-head">
        <h2 id="subscription-title" className="card-title">
          Free Plan
        </h2>
        {isLimitReached(count) && <span className="badge badge-danger">Limit Reached</span>}
      </div>
      <p className="subscription-count">
        <span className="subscription-count-value" data-testid="bid-count">
          {shown}/{FREE_MONTHLY_BID_LIMIT}
        </span>{' '}
        bids used this month
      </p>
      <div className="progress-track" aria-hidden="true">
        <div
          className="progress-fill"
          style={{ width: `${(shown / FREE_MONTHLY_BID_LIMIT) * 100}%` }}
          data-full={isLimitReached(count) || undefined}
        />
      </div>
      {quota?.resetsAt && <p className="muted small">Resets on {formatDate(quota.resetsAt)}</p>}
      <p className="subscription-upsell">
        Upgrade to Pro for unlimited bids. <strong>Starting at {PRO_PRICE_TEXT}/month</strong>
      </p>
      <Link href="/pricing" className="btn btn-primary btn-block">
        Upgrade to Pro
      </Link>
    </section>
  );
}

export function RecentBadges({ badges }: { badges: readonly UserBadge[] }) {
  if (badges.length === 0) return null;
  return (
    <TitledCard id="recent-badges-title" title="Recent Badges" className="recent-badges">
      <BadgeList badges={badges} max={RECENT_BADGES} />
    </TitledCard>
  );
}
