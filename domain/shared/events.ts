/**
 * Domain events: facts the aggregates record when a rule-bound change happens. Use cases publish
 * them only after the transaction that made the change has committed. Each event names the user
 * it concerns (`recipientId`) so a notification subscriber can map it to the spec's notification
 * types without another lookup.
 */
interface EventBase {
  /** When the change happened (the use case's clock). */
  occurredAt: Date;
}

/** What every event about one bid says: the bid, its project, and who hears of it (`recipientId`). */
interface BidEventBase extends EventBase {
  bidId: string;
  projectId: string;
  projectTitle: string;
  recipientId: string;
}

/** A bid was submitted: the project owner (`recipientId`) hears of it (notification type bid_received). */
export interface BidSubmitted extends BidEventBase {
  type: 'bid_submitted';
  contractorId: string;
  amountCents: number;
  /** When the project was posted; "quick response" achievement points compare against it. */
  projectPostedAt: Date;
}

/** The owner accepted a bid: its bidder (`recipientId`) hears of it (bid_accepted). */
export interface BidAccepted extends BidEventBase {
  type: 'bid_accepted';
}

export type BidRejectionReason = 'declined' | 'another_bid_accepted' | 'project_cancelled';

/** A pending bid was rejected: its bidder (`recipientId`) hears of it (bid_rejected). */
export interface BidRejected extends BidEventBase {
  type: 'bid_rejected';
  reason: BidRejectionReason;
}

/**
 * Why a pending bid was withdrawn: its bidder deleted their account (decision 0193), or an admin suspended it
 * (decision 0223).
 */
export type BidWithdrawalReason = 'account_deleted' | 'account_suspended';

/**
 * A pending bid was withdrawn (decision 0193): the project owner (`recipientId`) hears of it, and can no
 * longer accept it.
 */
export interface BidWithdrawn extends BidEventBase {
  type: 'bid_withdrawn';
  contractorId: string;
  amountCents: number;
  reason: BidWithdrawalReason;
}

/** What every event about a project's own course says: the project and its owner. */
interface ProjectEventBase extends EventBase {
  projectId: string;
  projectTitle: string;
  ownerId: string;
}

/** The owner moved the project to completed: the awarded contractor hears of it (project_completed). */
export interface ProjectCompleted extends ProjectEventBase {
  type: 'project_completed';
  /** The awarded contractor. */
  recipientId: string;
  /** The project's service ids; expertise points look at them. */
  services: string[];
}

/** A review was left for a contractor (review_received). */
export interface ReviewReceived extends EventBase {
  type: 'review_received';
  reviewId: string;
  projectId: string;
  reviewerId: string;
  /** The reviewed contractor. */
  recipientId: string;
  rating: number;
}

export interface ProjectPosted extends EventBase {
  type: 'project_posted';
  projectId: string;
  ownerId: string;
  services: string[];
  country: string;
}

export interface ProjectPhaseChanged extends ProjectEventBase {
  type: 'project_phase_changed';
  /** The contractor the project was awarded to (told when the owner moves the work on); null before. */
  awardedContractorId: string | null;
  from: string;
  to: string;
}

export interface ProjectCancelled extends ProjectEventBase {
  type: 'project_cancelled';
  /** The contractor whose bid had been accepted, if any. */
  awardedContractorId: string | null;
}

export interface ProjectDeleted extends ProjectEventBase {
  type: 'project_deleted';
  /** Everyone who had bid on it (told that it is gone). */
  recipientIds: string[];
  /** The stored file names that were removed with it. */
  attachments: string[];
}

/** A user's category points reached a badge's threshold. */
export interface BadgeEarned extends EventBase {
  type: 'badge_earned';
  recipientId: string;
  badgeId: string;
}

/** A user sent a chat message: its receiver hears of it (message_received). */
export interface MessageSent extends EventBase {
  type: 'message_sent';
  messageId: string;
  senderId: string;
  /** The sender's display name, for the notification's text. */
  senderName: string;
  /** The receiver. */
  recipientId: string;
  projectId: string | null;
  /** A short single-line preview of the content. */
  preview: string;
}

/**
 * The payment provider could not collect a Pro subscription payment: the subscriber hears of it (a
 * 'system' notification). Their plan follows the subscription's state, not this event.
 */
export interface PaymentFailed extends EventBase {
  type: 'payment_failed';
  /** The subscriber. */
  recipientId: string;
  subscriptionId: string;
  /** The provider's reason, when it gave one. */
  reason: string | null;
}

/**
 * The owner moved the bid deadline (decision 0130): the bidders hear of it. `bidDeadline` null means the
 * deadline was removed (bidding stays open until the owner accepts a bid).
 */
export interface BidDeadlineChanged extends ProjectEventBase {
  type: 'bid_deadline_changed';
  previousDeadline: Date | null;
  bidDeadline: Date | null;
  /** The users who bid on the project (never the owner). */
  recipientIds: string[];
}

/** The owner posted an addendum to a project (decision 0130): the bidders hear of it. */
export interface AddendumPosted extends ProjectEventBase {
  type: 'addendum_posted';
  addendumId: string;
  /** The users who bid on the project (never the owner). */
  recipientIds: string[];
}

/** Someone asked a question on a project (decision 0131): the owner hears of it. */
export interface QuestionAsked extends EventBase {
  type: 'question_asked';
  questionId: string;
  projectId: string;
  projectTitle: string;
  /** The project owner. */
  recipientId: string;
}

/**
 * The owner answered a question or posted a clarification (decision 0131): the asker hears of the answer,
 * and every bidder (`recipientIds`, never the owner nor the asker) of the new public answer.
 */
export interface QuestionAnswered extends EventBase {
  type: 'question_answered';
  questionId: string;
  kind: 'question' | 'clarification';
  projectId: string;
  projectTitle: string;
  /** Null for a clarification. */
  askerId: string | null;
  recipientIds: string[];
}

/**
 * A newly posted project matches saved searches with alerts on (decision 0133): each recipient (once, with the
 * name of their first matching search) is told in-app, and by mail at once (`instant`) or in the next
 * daily digest (`daily`). One event for all of them, so they are told in bulk.
 */
export interface SavedSearchMatched extends EventBase {
  type: 'saved_search_matched';
  projectId: string;
  projectTitle: string;
  recipients: { userId: string; searchName: string; alerts: 'instant' | 'daily' }[];
}

/** What every moderation event (decision 0221) says about the item decided on. */
interface ModerationEventBase extends EventBase {
  targetType: 'project' | 'bid' | 'message' | 'review' | 'question' | 'answer' | 'user';
  targetId: string;
  /** The project the item belongs to, when it does (the notification's link). */
  projectId: string | null;
  /** How the notice names the item: 'the project “Kitchen”', 'your message'. */
  what: string;
}

/** An admin decided on reported content: each reporter (`recipientIds`) is told the outcome. */
export interface ReportDecided extends ModerationEventBase {
  type: 'report_decided';
  recipientIds: string[];
  outcome: 'dismissed' | 'hidden' | 'warned' | 'suspended';
}

/** An admin hid content after reports: its author (`recipientId`) is told why. */
export interface ContentHidden extends ModerationEventBase {
  type: 'content_hidden';
  recipientId: string;
  /** The reason as people read it ('Scam or fraud'). */
  reason: string;
  /** The admin's own words, if any. */
  note: string | null;
}

/** An admin warned a user after reports: the user (`recipientId`) is told why. */
export interface UserWarned extends ModerationEventBase {
  type: 'user_warned';
  recipientId: string;
  reason: string;
  note: string | null;
}

export type DomainEvent =
  | BidSubmitted
  | BidAccepted
  | BidRejected
  | BidWithdrawn
  | ProjectCompleted
  | ReviewReceived
  | ProjectPosted
  | ProjectPhaseChanged
  | ProjectCancelled
  | ProjectDeleted
  | BadgeEarned
  | MessageSent
  | PaymentFailed
  | BidDeadlineChanged
  | AddendumPosted
  | QuestionAsked
  | QuestionAnswered
  | SavedSearchMatched
  | ReportDecided
  | ContentHidden
  | UserWarned;
