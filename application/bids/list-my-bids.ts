import { seesContent } from '../../domain/safety/report.ts';
import type { User } from '../../domain/user/user.ts';
import type { HiddenContent } from '../safety/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { BidQuery, MyBidView } from './ports.ts';

/** My Bids: the caller's bids, each with its project; a bid on a project the moderators hid is left out. */
export class ListMyBids extends UseCase<{ bids: BidQuery; hidden: HiddenContent }> {
  async execute(actor: User): Promise<MyBidView[]> {
    const bids = await this.deps.bids.listForContractor(actor.id);
    const hidden = await this.deps.hidden.hiddenAmong(
      'project',
      bids.map((b) => b.project.id),
    );
    return bids.filter((b) => seesContent(actor, b.project.clientId, hidden.has(b.project.id)));
  }
}
