import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { BlockedUserView, BlockQuery } from './ports.ts';

/** The profile's 'Blocked people' (decision 0220): whom the signed-in user blocked, newest first. */
export class ListBlockedUsers extends UseCase<{ blocks: BlockQuery }> {
  execute(user: User): Promise<BlockedUserView[]> {
    return this.deps.blocks.listBlockedBy(user.id);
  }
}
