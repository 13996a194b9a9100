/**
 * Reports and the moderation queue (issue 27 items 1 and 2, decision 0221): any signed-in user reports a piece
 * of content or a profile, with a reason; admins see the open reports grouped by item, claim an item, and decide
 * on it: dismiss, hide the content, or warn its author ('suspend' is wired later, decision 0221). A decision
 * closes every open report on the item at once, tells each reporter the outcome, and tells the author why their
 * content was hidden or why they were warned.
 */
import type { ContentHidden, ReportDecided, UserWarned } from '../shared/events.ts';
import { USER_ERRORS } from '../user/errors.ts';
import { SAFETY_ERRORS } from './errors.ts';

/** What can be reported. A question and its answer are one stored entry: 'answer' reports the owner's answer. */
export const REPORT_TARGET_TYPES = [
  'project',
  'bid',
  'message',
  'review',
  'question',
  'answer',
  'user',
] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export function isReportTargetType(value: string): value is ReportTargetType {
  return (REPORT_TARGET_TYPES as readonly string[]).includes(value);
}

/** Why: the list. 'fake_review' is offered for reviews only; 'other' needs the reporter's words. */
export const REPORT_REASONS = [
  'spam',
  'scam',
  'offensive',
  'off_platform_payment',
  'fake_review',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reasons as people read them (the report dialog, the queue, the notices). */
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  spam: 'Spam',
  scam: 'Scam or fraud',
  offensive: 'Offensive or harassing',
  off_platform_payment: 'Asks for payment off BuildBid',
  fake_review: 'Fake review',
  other: 'Other',
};

/** The longest 'other' text (and the longest note an admin adds to a decision). */
export const REPORT_DETAILS_MAX_LENGTH = 1000;

/** Reports one user may file in an hour (decision 0221), answered 429 past it. */
export const REPORTS_PER_HOUR = 20;

/** The content a report names, and whose it is (the notice of a hidden item and a warning go to `authorId`). */
export interface ReportTarget {
  type: ReportTargetType;
  id: string;
  /** Who wrote the content (the profile's own user for 'user'); null once that account is gone. */
  authorId: string | null;
  /**
   * Who can see the item at all: a bid only its bidder and the project's owner, a message only its two
   * parties; null for content every signed-in user sees. Someone else reporting it is answered 404.
   */
  viewerIds: readonly string[] | null;
  /** The project the item belongs to (a project, its bids, reviews, questions), for links and notices. */
  projectId: string | null;
  /** The project's title, naming the item in notices; null when there is none. */
  projectTitle: string | null;
  /** Whether the item is hidden already (decision 0221): nobody but its author and admins see it. */
  hidden: boolean;
}

type ReportStatus = 'open' | 'closed';

/** How a decision closed a report. 'suspended' is reserved for the suspension action (decision 0221). */
export const REPORT_OUTCOMES = ['dismissed', 'hidden', 'warned', 'suspended'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

export interface ReportSnapshot {
  id: string;
  /** Who reported; null for a report BuildBid files itself (the signals of issue 27 item 6). */
  reporterId: string | null;
  targetType: ReportTargetType;
  targetId: string;
  /** The content's author when reported (who a decision's notice and warning go to). */
  authorId: string | null;
  reason: ReportReason;
  /** The reporter's words: required for 'other', optional otherwise. */
  details: string | null;
  status: ReportStatus;
  outcome: ReportOutcome | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
}

/** Who reports or decides: a User satisfies it. */
export interface ModerationActor {
  readonly id: string;
  readonly isAdmin: boolean;
}

function cleanText(value: string | null | undefined, field: string): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if ([...text].length > REPORT_DETAILS_MAX_LENGTH) {
    throw SAFETY_ERRORS.REPORT_TEXT_TOO_LONG(
      `Keep it to ${REPORT_DETAILS_MAX_LENGTH} characters or fewer`,
      field,
    );
  }
  return text;
}

/** The reason as given: one of REPORT_REASONS, and 'fake_review' only for a review. */
function parseReportReason(value: unknown, targetType: ReportTargetType): ReportReason {
  if (typeof value !== 'string' || !(REPORT_REASONS as readonly string[]).includes(value)) {
    throw SAFETY_ERRORS.INVALID_REPORT_REASON({ field: 'reason' });
  }
  const reason = value as ReportReason;
  if (reason === 'fake_review' && targetType !== 'review') {
    throw SAFETY_ERRORS.INVALID_REPORT_REASON("'Fake review' is for reviews only", 'reason');
  }
  return reason;
}

/**
 * A user reports an item (the rules of issue 27 item 1): nobody reports their own content or profile (400
 * CANNOT_REPORT_OWN); an item the reporter cannot see, or hidden already, is not found (404
 * REPORT_TARGET_NOT_FOUND, as if it were not there); 'other' needs words (400 REPORT_DETAILS_REQUIRED); one open
 * report per reporter per item (409 ALREADY_REPORTED: `alreadyOpen` is whether the reporter has one).
 */
export function fileReport(input: {
  id: string;
  reporter: ModerationActor;
  target: ReportTarget;
  reason: unknown;
  details?: string | null | undefined;
  alreadyOpen: boolean;
  now: Date;
}): ReportSnapshot {
  const { reporter, target } = input;
  const visible = !target.hidden && (target.viewerIds === null || target.viewerIds.includes(reporter.id));
  if (!visible && target.authorId !== reporter.id) throw SAFETY_ERRORS.REPORT_TARGET_NOT_FOUND();
  if (target.authorId === reporter.id) throw SAFETY_ERRORS.CANNOT_REPORT_OWN({ field: 'targetId' });
  const reason = parseReportReason(input.reason, target.type);
  const details = cleanText(input.details, 'details');
  if (reason === 'other' && details === null)
    throw SAFETY_ERRORS.REPORT_DETAILS_REQUIRED({ field: 'details' });
  if (input.alreadyOpen) throw SAFETY_ERRORS.ALREADY_REPORTED();
  return {
    id: input.id,
    reporterId: reporter.id,
    targetType: target.type,
    targetId: target.id,
    authorId: target.authorId,
    reason,
    details,
    status: 'open',
    outcome: null,
    decidedBy: null,
    decidedAt: null,
    createdAt: input.now,
  };
}

/**
 * A report BuildBid files itself (issue 27 item 6, the signals: a held message): no reporter, so nobody is told
 * the outcome, and it never counts against the one-open-report rule.
 */
export function fileSystemReport(input: {
  id: string;
  target: ReportTarget;
  reason: ReportReason;
  details: string | null;
  now: Date;
}): ReportSnapshot {
  return {
    id: input.id,
    reporterId: null,
    targetType: input.target.type,
    targetId: input.target.id,
    authorId: input.target.authorId,
    reason: input.reason,
    details: cleanText(input.details, 'details'),
    status: 'open',
    outcome: null,
    decidedBy: null,
    decidedAt: null,
    createdAt: input.now,
  };
}

// ---- The moderation queue -----------------------------------------------------------------------------

/** An admin's claim on an item of the queue: the others see who holds it and cannot act on it. */
export interface ModerationClaim {
  adminId: string;
  /** The admin's name, for the 409 that tells another admin who holds it. */
  adminName: string;
  claimedAt: Date;
}

/** Only admins moderate (403 ADMIN_ONLY, the admin page's code). */
function assertModerator(actor: ModerationActor): void {
  if (!actor.isAdmin) throw USER_ERRORS.ADMIN_ONLY();
}

/** Another admin's claim stops `admin` (409 CLAIMED_BY_ANOTHER_ADMIN, naming who holds it). */
function assertNotClaimedByAnother(admin: ModerationActor, claim: ModerationClaim | null): void {
  if (claim && claim.adminId !== admin.id) {
    throw SAFETY_ERRORS.CLAIMED_BY_ANOTHER_ADMIN(
      `${claim.adminName} claimed this item. Only they can act on it until they release it.`,
    );
  }
}

/**
 * Claiming an item with open reports (404 NO_OPEN_REPORTS without). Claiming one's own claim again changes
 * nothing; another admin's claim is 409 CLAIMED_BY_ANOTHER_ADMIN. Answers whether a claim is to be stored.
 */
export function claimItem(input: {
  admin: ModerationActor;
  openReports: number;
  claim: ModerationClaim | null;
}): boolean {
  assertModerator(input.admin);
  if (input.openReports === 0) throw SAFETY_ERRORS.NO_OPEN_REPORTS();
  assertNotClaimedByAnother(input.admin, input.claim);
  return input.claim === null;
}

/** Releasing: only the admin who holds the claim (409 CLAIMED_BY_ANOTHER_ADMIN); no claim changes nothing. */
export function releaseItem(input: { admin: ModerationActor; claim: ModerationClaim | null }): boolean {
  assertModerator(input.admin);
  assertNotClaimedByAnother(input.admin, input.claim);
  return input.claim !== null;
}

/**
 * What an admin can do to an item. 'suspend' (SuspendUser, built separately) joins this list when it is wired:
 * the same decision closes the reports with outcome 'suspended' (decision 0221).
 */
export const MODERATION_ACTIONS = ['dismiss', 'hide', 'warn'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

const OUTCOME_OF: Readonly<Record<ModerationAction, ReportOutcome>> = {
  dismiss: 'dismissed',
  hide: 'hidden',
  warn: 'warned',
};

/** The item a decision is about, as the notices name it. */
export interface DecisionTarget {
  type: ReportTargetType;
  id: string;
  authorId: string | null;
  projectId: string | null;
  projectTitle: string | null;
  /** Whether the content is hidden already (hiding it again closes the reports and tells nobody twice). */
  hidden: boolean;
}

/** How the notices name an item: 'the project “Kitchen”', 'a message', 'a review of your work'... */
export function describeTarget(
  type: ReportTargetType,
  projectTitle: string | null,
  owner: 'your' | 'the',
): string {
  const on = projectTitle ? ` on “${projectTitle}”` : '';
  switch (type) {
    case 'project':
      return projectTitle ? `${owner} project “${projectTitle}”` : `${owner} project`;
    case 'bid':
      return `${owner} bid${on}`;
    case 'message':
      return `${owner} message`;
    case 'review':
      return `${owner} review${on}`;
    case 'question':
      return `${owner} question${on}`;
    case 'answer':
      return `${owner} answer${on}`;
    case 'user':
      return owner === 'your' ? 'your profile' : 'the profile';
  }
}

export interface ModerationDecision {
  action: ModerationAction;
  outcome: ReportOutcome;
  /** The reason the author is told (hide and warn); null for dismiss. */
  reason: ReportReason | null;
  /** The admin's words to the author (hide, warn); null when none. */
  note: string | null;
  /** Whether the content is to be hidden now (hide on an item not hidden yet). */
  hides: boolean;
  events: Array<ReportDecided | ContentHidden | UserWarned>;
}

/**
 * An admin decides on an item (issue 27 item 2): every open report on it closes with the action's outcome.
 * - Only admins (403); another admin's claim refuses it (409 CLAIMED_BY_ANOTHER_ADMIN); an item without open
 *   reports (decided meanwhile by another admin) is 409 REPORTS_ALREADY_DECIDED.
 * - 'hide' and 'warn' need a reason the author is told (400 MODERATION_REASON_REQUIRED) and take an optional
 *   note; a profile cannot be hidden (400 CANNOT_HIDE_PROFILE: warn, or suspend); 'warn' needs an author whose
 *   account still exists (409 NO_ONE_TO_WARN).
 * - Each reporter (not BuildBid's own reports) is told the outcome once (report_decided); the author is told
 *   why their content was hidden (content_hidden) or that they were warned (user_warned).
 */
export function decideItem(input: {
  admin: ModerationActor;
  claim: ModerationClaim | null;
  openReports: readonly ReportSnapshot[];
  target: DecisionTarget;
  action: ModerationAction;
  reason?: string | null | undefined;
  note?: string | null | undefined;
  now: Date;
}): ModerationDecision {
  const { admin, target, action, now } = input;
  assertModerator(admin);
  assertNotClaimedByAnother(admin, input.claim);
  if (input.openReports.length === 0) throw SAFETY_ERRORS.REPORTS_ALREADY_DECIDED();
  let reason: ReportReason | null = null;
  if (action !== 'dismiss') {
    if (input.reason === undefined || input.reason === null || input.reason === '') {
      throw SAFETY_ERRORS.MODERATION_REASON_REQUIRED({ field: 'reason' });
    }
    reason = parseReportReason(input.reason, target.type);
  }
  const note = action === 'dismiss' ? null : cleanText(input.note, 'note');
  if (action === 'hide' && target.type === 'user')
    throw SAFETY_ERRORS.CANNOT_HIDE_PROFILE({ field: 'action' });
  if (action === 'warn' && target.authorId === null) throw SAFETY_ERRORS.NO_ONE_TO_WARN();
  const outcome = OUTCOME_OF[action];
  const reporterIds = [
    ...new Set(input.openReports.map((r) => r.reporterId).filter((id): id is string => id !== null)),
  ].filter((id) => id !== target.authorId);
  const base = { occurredAt: now, targetType: target.type, targetId: target.id, projectId: target.projectId };
  const events: ModerationDecision['events'] = [];
  if (reporterIds.length > 0) {
    events.push({
      ...base,
      type: 'report_decided',
      recipientIds: reporterIds,
      outcome,
      what: describeTarget(target.type, target.projectTitle, 'the'),
    });
  }
  const hides = action === 'hide' && !target.hidden;
  if (target.authorId && reason && (hides || action === 'warn')) {
    const notice = {
      ...base,
      recipientId: target.authorId,
      what: describeTarget(target.type, target.projectTitle, 'your'),
      reason: REPORT_REASON_LABELS[reason],
      note,
    };
    events.push(hides ? { ...notice, type: 'content_hidden' } : { ...notice, type: 'user_warned' });
  }
  return { action, outcome, reason, note, hides, events };
}

/** Whether `viewer` sees content that may be hidden: its author and admins always do (decision 0221). */
export function seesContent(
  viewer: { id: string; isAdmin: boolean } | null,
  authorId: string | null,
  hidden: boolean,
): boolean {
  if (!hidden) return true;
  return viewer !== null && (viewer.isAdmin || viewer.id === authorId);
}
