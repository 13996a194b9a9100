import { BlockUser, ListBlockedUsers, UnblockUser } from '#application/safety/index.ts';
import { context, withDeps } from './context.ts';
import { TOKENS } from './tokens.ts';

const { UnitOfWork: uow, Clock: clock, Blocks: blocks } = TOKENS;

/**
 * Trust and safety (issue 27): blocking a person (decision 0220). Reports, suspensions and verification join
 * this context. A block's checks live where messages and bids are sent (the messaging and marketplace
 * contexts read the same `Blocks` port and the unit of work's `blocks`).
 */
export const safety = context({
  blockUser: withDeps(BlockUser, { uow, clock }),
  unblockUser: withDeps(UnblockUser, { uow }),
  listBlockedUsers: withDeps(ListBlockedUsers, { blocks }),
});
