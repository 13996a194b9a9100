import type { ProjectFilters } from '../../domain/project/browse.ts';
import type { BlockSnapshot } from '../../domain/safety/block.ts';
import type {
  ModerationAction,
  ModerationClaim,
  ReportOutcome,
  ReportReason,
  ReportSnapshot,
  ReportTarget,
  ReportTargetType,
} from '../../domain/safety/report.ts';
import type { SuspensionSnapshot } from '../../domain/safety/suspension.ts';

/** Someone the user blocked, as the profile's 'Blocked people' list shows them. */
export interface BlockedUserView {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  /** True when the blocked account was deleted since (it shows as 'Deleted user'). */
  deleted: boolean;
  blockedAt: Date;
}

/** The blocks two users' messages and bids consult (decision 0220), outside a transaction. */
export interface BlockQuery {
  /** The blocks between `a` and `b`, in either direction (zero, one or two). */
  between(a: string, b: string): Promise<BlockSnapshot[]>;
  /** The people `blockerId` blocked, newest block first. */
  listBlockedBy(blockerId: string): Promise<BlockedUserView[]>;
}

/** The `user_blocks` table inside a unit of work (Transaction.blocks). */
export interface BlockRepository {
  between(a: string, b: string): Promise<BlockSnapshot[]>;
  /** How many people `blockerId` has blocked (MAX_BLOCKS). */
  countByBlocker(blockerId: string): Promise<number>;
  /** Inserts the block; one already there (a concurrent block of the same person) is left as it is. */
  add(block: BlockSnapshot): Promise<void>;
  /** Removes `blockerId`'s block of `blockedId`; answers whether there was one. */
  remove(blockerId: string, blockedId: string): Promise<boolean>;
  /** The pending bids `contractorId` has on projects `ownerId` owns, by project id (the lock order). */
  pendingBidsOn(ownerId: string, contractorId: string): Promise<Array<{ bidId: string; projectId: string }>>;
}

/** The suspensions the rest of BuildBid consults (decision 0223), outside a transaction. */
export interface SuspensionQuery {
  /** The suspension that keeps `userId` out at `now`, if any (by `isActiveAt`). */
  activeFor(userId: string, now: Date): Promise<SuspensionSnapshot | null>;
  /** The suspensions that keep these users out at `now`, by user id (the admin's users table). */
  activeAmong(userIds: readonly string[], now: Date): Promise<Map<string, SuspensionSnapshot>>;
}

/** The `suspensions` table inside a unit of work (Transaction.suspensions). */
export interface SuspensionRepository {
  /** The suspension that keeps `userId` out at `now`, if any; read under the user's row lock. */
  activeFor(userId: string, now: Date): Promise<SuspensionSnapshot | null>;
  add(suspension: SuspensionSnapshot): Promise<void>;
  /** Writes a lifted suspension's `liftedAt` and `liftedBy`. */
  save(suspension: SuspensionSnapshot): Promise<void>;
  /** Drops the mails queued to the user and not sent yet (a suspension stops their mail); answers how many. */
  discardUnsentMail(userId: string): Promise<number>;
}

// ---- Reports and the moderation queue (decision 0221) --------------------------------------------------

/** Content that can be hidden (decision 0221): what a 'hide' decision writes, one row per item. */
export interface HiddenEntry {
  targetType: ReportTargetType;
  targetId: string;
  authorId: string | null;
  reason: ReportReason;
  note: string | null;
  hiddenBy: string;
  hiddenAt: Date;
}

/** One line of the moderation log (the admin audit log of decisions), with the reports it closed. */
export interface ModerationLogEntry {
  id: string;
  adminId: string;
  action: ModerationAction;
  targetType: ReportTargetType;
  targetId: string;
  /** Whom the decision concerns: the content's author (null once that account is gone). */
  subjectId: string | null;
  reason: ReportReason | null;
  note: string | null;
  reportIds: string[];
  createdAt: Date;
}

/** Reports, claims, hidden content and the moderation log inside a unit of work (Transaction.moderation). */
export interface ModerationRepository {
  /** The item a report or a decision names: its author, who may see it, its project; null when not there. */
  target(type: ReportTargetType, id: string): Promise<ReportTarget | null>;
  /** Whether `reporterId` has an open report on the item. */
  hasOpenReport(reporterId: string, type: ReportTargetType, id: string): Promise<boolean>;
  /** Stores a new report; a concurrent second open one of the same reporter is 409 ALREADY_REPORTED. */
  addReport(report: ReportSnapshot): Promise<void>;
  /** How many open reports the item has (no lock). */
  countOpen(type: ReportTargetType, id: string): Promise<number>;
  /** The item's open reports, oldest first, row-locked: two decisions on one item run one after the other. */
  lockOpenReports(type: ReportTargetType, id: string): Promise<ReportSnapshot[]>;
  /** Closes the reports with the decision's outcome. */
  closeReports(ids: readonly string[], outcome: ReportOutcome, adminId: string, at: Date): Promise<void>;
  /** Who claimed the item, if anyone. */
  claimOf(type: ReportTargetType, id: string): Promise<ModerationClaim | null>;
  /** Stores `adminId`'s claim; a concurrent claim by another admin that got there first is kept. */
  claim(type: ReportTargetType, id: string, adminId: string, at: Date): Promise<void>;
  /** Removes the item's claim (a decision or a release). */
  release(type: ReportTargetType, id: string): Promise<void>;
  /** Marks the content hidden (once: hiding it again keeps the first entry). */
  hide(entry: HiddenEntry): Promise<void>;
  /** Adds a line to the moderation log. */
  record(entry: ModerationLogEntry): Promise<void>;
}

/** Which of the given items of one type are hidden (decision 0221): every read path of that content asks. */
export interface HiddenContent {
  hiddenAmong(type: ReportTargetType, ids: readonly string[]): Promise<Set<string>>;
  /** The projects among `ids` whose review is hidden (the project page shows the owner's review). */
  projectsWithHiddenReview(projectIds: readonly string[]): Promise<Set<string>>;
  /**
   * How many hidden projects pass the browse's `filters` that `viewerId` does not own: what a page's total
   * takes off, as those are left out of the page (ListProjects).
   */
  countHiddenProjects(filters: ProjectFilters, viewerId: string | null): Promise<number>;
}

/** A person as the queue names them; null for BuildBid's own reports or an account that is gone. */
export interface ModerationPerson {
  id: string;
  name: string;
  email: string;
}

/** One item of the queue: its open reports together. */
export interface QueueItemView {
  targetType: ReportTargetType;
  targetId: string;
  /** How many reports are open, and how many different people filed them (BuildBid's own count as one). */
  openReports: number;
  reporters: number;
  /** The reasons given, most given first. */
  reasons: Array<{ reason: ReportReason; count: number }>;
  firstReportedAt: Date;
  lastReportedAt: Date;
  claim: { admin: ModerationPerson | null; claimedAt: Date } | null;
  /** A line naming the item: the project's title, the first words of a message or review, a person's name. */
  summary: string;
  author: ModerationPerson | null;
  projectId: string | null;
  projectTitle: string | null;
  hidden: boolean;
}

/** One report as the item's page lists it. */
export interface ReportView {
  id: string;
  /** Null: BuildBid's own report (a signal). */
  reporter: ModerationPerson | null;
  reason: ReportReason;
  details: string | null;
  createdAt: Date;
}

/** A message of the conversation around a reported one. */
export interface ContextMessage {
  id: string;
  senderId: string;
  senderName: string;
  content: string;
  createdAt: Date;
  /** The reported message itself. */
  reported: boolean;
  hidden: boolean;
}

/** An item of the queue with its reports and the content in its context. */
export interface ModerationItemView extends QueueItemView {
  reports: ReportView[];
  /** The reported text itself (a project's description, a bid's proposal, a message...); null for a profile. */
  content: string | null;
  /** A message's conversation: the few messages before and after it, oldest first; null for other items. */
  conversation: ContextMessage[] | null;
}

/** A line of the moderation log, with the people named. */
export interface ModerationLogView {
  id: string;
  admin: ModerationPerson | null;
  action: ModerationAction;
  targetType: ReportTargetType;
  targetId: string;
  subject: ModerationPerson | null;
  reason: ReportReason | null;
  note: string | null;
  reportIds: string[];
  createdAt: Date;
}

/** An open report of the signed-in user (what shows 'Reported' on the item). */
export interface MyReportView {
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  createdAt: Date;
}

/** The queue's read side, outside a transaction. */
export interface ModerationQuery {
  /** Items with open reports, the longest waiting first, and how many there are. */
  queue(page: { limit: number; offset: number }): Promise<{ items: QueueItemView[]; total: number }>;
  /** One item with its open reports and context; null when it has no open reports. */
  item(type: ReportTargetType, id: string): Promise<ModerationItemView | null>;
  /** The moderation log, newest first. */
  log(page: { limit: number; offset: number }): Promise<{ items: ModerationLogView[]; total: number }>;
  /** The reporter's open reports (of one type when given), newest first. */
  openReportsBy(reporterId: string, type: ReportTargetType | null): Promise<MyReportView[]>;
}
