import {
  BlockUser,
  ClaimModerationItem,
  DecideModerationItem,
  FileReport,
  GetModerationItem,
  ListBlockedUsers,
  ListModerationLog,
  ListModerationQueue,
  ListMyReports,
  ReleaseModerationItem,
  UnblockUser,
} from '#application/safety/index.ts';
import { context, withDeps } from './context.ts';
import { TOKENS } from './tokens.ts';

const { UnitOfWork: uow, Clock: clock, Ids: ids, Blocks: blocks, Moderation: moderation } = TOKENS;

/**
 * Trust and safety (issue 27): blocking a person (decision 0220); reports and the moderation queue (decision
 * 0221). Suspensions and verification join this context. A block's checks live where messages and bids are
 * sent (the messaging and marketplace contexts read the same `Blocks` port and the unit of work's `blocks`);
 * hidden content is left out by the read paths of each context (the `HiddenContent` port).
 */
export const safety = context({
  blockUser: withDeps(BlockUser, { uow, clock }),
  unblockUser: withDeps(UnblockUser, { uow }),
  listBlockedUsers: withDeps(ListBlockedUsers, { blocks }),
  fileReport: withDeps(FileReport, { uow, ids, clock }),
  listMyReports: withDeps(ListMyReports, { moderation }),
  listModerationQueue: withDeps(ListModerationQueue, { moderation }),
  getModerationItem: withDeps(GetModerationItem, { moderation }),
  listModerationLog: withDeps(ListModerationLog, { moderation }),
  claimModerationItem: withDeps(ClaimModerationItem, { uow, clock }),
  releaseModerationItem: withDeps(ReleaseModerationItem, { uow }),
  decideModerationItem: withDeps(DecideModerationItem, { uow, ids, clock }),
});
