import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import { UseCase } from '../shared/use-case.ts';

/**
 * 'Unblock' (decision 0220): from then on the two may message each other and the contractor may bid again.
 * Declined bids stay declined. Unblocking someone not blocked (or unknown) changes nothing: a success.
 */
export class UnblockUser extends UseCase<{ uow: UnitOfWork }> {
  async execute(actor: User, userId: string): Promise<void> {
    await this.deps.uow.run((tx) => tx.blocks.remove(actor.id, userId));
  }
}
