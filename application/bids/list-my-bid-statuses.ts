import { BIDDER_ROLES } from '../../domain/bid/bid.ts';
import { BID_ERRORS } from '../../domain/bid/errors.ts';

import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { BidQuery, MyBidStatus } from './ports.ts';

/** At most this many project ids per call: two pages of browse cards. */
export const MAX_BID_STATUS_IDS = 50;

export class ListMyBidStatuses extends UseCase<{ bids: BidQuery }> {
  /** The caller's own bids on the given projects (none for a role that cannot bid). */
  async execute(actor: User, projectIds: readonly string[]): Promise<MyBidStatus[]> {
    const ids = [...new Set(projectIds)];
    if (ids.length > MAX_BID_STATUS_IDS) {
      throw BID_ERRORS.TOO_MANY_IDS(`Ask for at most ${MAX_BID_STATUS_IDS} projects at a time`, 'projectId');
    }
    if (ids.length === 0 || !BIDDER_ROLES.includes(actor.role)) return [];
    return this.deps.bids.statusesOn(actor.id, ids);
  }
}
