import type { Bid } from '../../domain/bid/bid.ts';
import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { lockDecision } from './shared.ts';

export class DeclineBid extends UseCase<{ uow: UnitOfWork; clock: Clock }> {
  /** Declining rejects this bid only. Owner only (admins may not); a withdrawn bid is 409 BID_WITHDRAWN. */
  execute(actor: User, bidId: string): Promise<Bid> {
    const now = this.deps.clock.now();
    return this.deps.uow.commit(async (tx) => {
      const { project, bid } = await lockDecision(tx, bidId);
      const events = project.declineBid(actor, bid, now);
      await tx.bids.save(bid);
      await tx.projects.save(project);
      return { result: bid, events };
    });
  }
}
