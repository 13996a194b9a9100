import {
  BlockUser,
  LiftSuspension,
  ListBlockedUsers,
  SuspendUser,
  UnblockUser,
} from '#application/safety/index.ts';
import { context, withDeps } from './context.ts';
import { TOKENS } from './tokens.ts';
import { MAIL_DELIVERY } from './workers.ts';

const { UnitOfWork: uow, Clock: clock, Blocks: blocks, Ids: ids } = TOKENS;

/**
 * Trust and safety (issue 27): blocking a person (decision 0220) and suspending an account (decision 0223).
 * Reports and verification join this context. A block's checks live where messages and bids are sent (the
 * messaging and marketplace contexts read the same `Blocks` port and the unit of work's `blocks`); a
 * suspension's where people sign in, read a project, bid and are mailed (the `Suspensions` port, the unit of
 * work's `suspensions`, the browse's SQL and the mail outbox's).
 */
export const safety = context({
  blockUser: withDeps(BlockUser, { uow, clock }),
  unblockUser: withDeps(UnblockUser, { uow }),
  listBlockedUsers: withDeps(ListBlockedUsers, { blocks }),
  suspendUser: withDeps(SuspendUser, {
    uow,
    ids,
    clock,
    sessions: TOKENS.Sessions,
    realtime: TOKENS.RealtimePort,
    accessTokens: TOKENS.AccessTokens,
    oauthGrants: TOKENS.OAuthModels,
    mail: MAIL_DELIVERY.Outbox,
  }),
  liftSuspension: withDeps(LiftSuspension, { uow, ids, clock, mail: MAIL_DELIVERY.Outbox }),
});
