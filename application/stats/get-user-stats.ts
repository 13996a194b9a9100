import { ratingFromHundredths } from '../../domain/shared/rating.ts';
import { calendarMonthOf } from '../../domain/shared/time-zone.ts';
import { type BidQuota, computeBidQuota } from '../../domain/subscription/plan.ts';
import type { SubscriptionTier, User } from '../../domain/user/user.ts';
import type { PlatformSettings } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { StatsQuery } from './ports.ts';

/** GET /api/users/me/stats. Every number is derived from projects, bids and reviews. */
export interface UserStats {
  /** Projects the user owns. */
  postedProjects: number;
  /** Owned projects whose status is active. */
  activeProjects: number;
  /** Owned projects whose status is completed. */
  completedProjects: number;
  /** Average review rating, 2 decimals (4.67). */
  rating: number;
  reviewCount: number;
  /** The user's pending bids. */
  activeBids: number;
  /** The user's accepted bids. */
  wonProjects: number;
  /** All the user's bids. */
  totalBids: number;
  /** Bids this calendar month as the plan shows it: 0..3 on the free plan. */
  bidsThisMonth: number;
  subscriptionTier: SubscriptionTier;
  /** The full quota answer, with the reset date. */
  bidQuota: BidQuota;
}

export class GetUserStats extends UseCase<{ stats: StatsQuery; clock: Clock; settings: PlatformSettings }> {
  async execute(user: User): Promise<UserStats> {
    const now = this.deps.clock.now();
    const month = calendarMonthOf(now, this.deps.settings.timeZone);
    const [projects, bids, thisMonth] = await Promise.all([
      this.deps.stats.projectCountsByOwner(user.id),
      this.deps.stats.bidCountsByContractor(user.id),
      this.deps.stats.countBidsCreatedBetween(user.id, month.start, month.end),
    ]);
    const bidQuota = computeBidQuota(user.subscriptionTier, thisMonth, now, this.deps.settings.timeZone);
    return {
      postedProjects: projects.posted,
      activeProjects: projects.active,
      completedProjects: projects.completed,
      rating: ratingFromHundredths(user.ratingHundredths),
      reviewCount: user.reviewCount,
      activeBids: bids.pending,
      wonProjects: bids.accepted,
      totalBids: bids.total,
      bidsThisMonth: bidQuota.bidsThisMonth,
      subscriptionTier: user.subscriptionTier,
      bidQuota,
    };
  }
}
