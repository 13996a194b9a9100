import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { BidQuery, MyBidView } from './ports.ts';

export class ListMyBids extends UseCase<{ bids: BidQuery }> {
  async execute(actor: User): Promise<MyBidView[]> {
    return this.deps.bids.listForContractor(actor.id);
  }
}
