import { calendarMonthOf } from '../../domain/shared/time-zone.ts';
import { type BidQuota, computeBidQuota } from '../../domain/subscription/plan.ts';
import type { User } from '../../domain/user/user.ts';
import type { PlatformSettings } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { StatsQuery } from '../stats/ports.ts';

export class GetBidQuota extends UseCase<{ stats: StatsQuery; clock: Clock; settings: PlatformSettings }> {
  /** The user's plan, bids this month (0..3 on free), what is left and when it resets. */
  async execute(actor: User): Promise<BidQuota> {
    const now = this.deps.clock.now();
    const month = calendarMonthOf(now, this.deps.settings.timeZone);
    const used = await this.deps.stats.countBidsCreatedBetween(actor.id, month.start, month.end);
    return computeBidQuota(actor.subscriptionTier, used, now, this.deps.settings.timeZone);
  }
}
