import {
  BlockUser,
  ClaimModerationItem,
  DecideModerationItem,
  FileReport,
  GetModerationItem,
  LiftSuspension,
  ListBlockedUsers,
  ListModerationLog,
  ListModerationQueue,
  ListMyReports,
  ReleaseModerationItem,
  SuspendUser,
  UnblockUser,
} from '#application/safety/index.ts';
import { context, withDeps } from './context.ts';
import { TOKENS } from './tokens.ts';
import { MAIL_DELIVERY } from './workers.ts';

const { UnitOfWork: uow, Clock: clock, Ids: ids, Blocks: blocks, Moderation: moderation } = TOKENS;

/**
 * Trust and safety (issue 27): blocking a person (decision 0220); reports and the moderation queue (decision
 * 0221); suspending an account (decision 0223). Verification joins this context. A block's checks live where
 * messages and bids are sent (the messaging and marketplace contexts read the same `Blocks` port and the unit of
 * work's `blocks`); hidden content is left out by the read paths of each context (the `HiddenContent` port); a
 * suspension's checks where people sign in, read a project, bid and are mailed (the `Suspensions` port, the unit
 * of work's `suspensions`, the browse's SQL and the mail outbox's).
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
  fileReport: withDeps(FileReport, { uow, ids, clock }),
  listMyReports: withDeps(ListMyReports, { moderation }),
  listModerationQueue: withDeps(ListModerationQueue, { moderation }),
  getModerationItem: withDeps(GetModerationItem, { moderation }),
  listModerationLog: withDeps(ListModerationLog, { moderation }),
  claimModerationItem: withDeps(ClaimModerationItem, { uow, clock }),
  releaseModerationItem: withDeps(ReleaseModerationItem, { uow }),
  decideModerationItem: withDeps(DecideModerationItem, { uow, ids, clock }),
});
