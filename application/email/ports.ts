import type { MailPurpose } from '../../domain/safety/suspension.ts';

/** A mail ready to hand to a mail server. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers: Record<string, string>;
}

/** Sends one mail now; throws when the mail server refuses it or cannot be reached. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export interface QueuedMail extends OutgoingMail {
  /** The user the mail is for (kept for auditing); null for an address without an account. */
  userId: string | null;
  /**
   * Why it goes (decision 0223): a suspended user gets only 'suspension_notice' mails (mailGoesTo); the
   * outbox leaves out any other mail to them. Default 'other'.
   */
  purpose?: MailPurpose;
  /** At most one mail is ever queued per key (e.g. `bid_accepted:{bidId}`); null: no deduplication. */
  dedupeKey: string | null;
}

export interface ClaimedMail extends OutgoingMail {
  id: string;
  /** Attempts so far, including the one this claim starts. */
  attempts: number;
}

/**
 * The email outbox table. Mails are queued after the change that caused them has committed, and sent
 * by a background worker, so a slow or failing mail server never touches a request.
 */
export interface MailOutbox {
  /** Queues the mails (skipping keys queued before); returns how many were queued. */
  enqueue(mails: readonly QueuedMail[], now: Date): Promise<number>;
  /**
   * Claims up to `limit` unsent mails that are due, counting an attempt on each and hiding it from
   * other workers for `leaseMs` (FOR UPDATE SKIP LOCKED, so several workers never take the same mail).
   * A worker that dies mid-send leaves the mail to be claimed again when the lease ends.
   */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<ClaimedMail[]>;
  markSent(id: string, now: Date): Promise<void>;
  /** Records the failure and when to try again. */
  markFailed(id: string, error: string, retryAt: Date): Promise<void>;
  /**
   * Deletes the mails sent before `sentBefore` (the retention period, decision 0194): a sent mail keeps
   * its receiver's address and name. Unsent mails stay. Answers how many went.
   */
  purgeSentBefore(sentBefore: Date): Promise<number>;
}

export interface Recipient {
  id: string;
  email: string;
  /** The display name ('First Last', or the email). */
  name: string;
  emailNotifications: boolean;
}

/** One receiver's unread messages that waited long enough for a reminder. */
export interface UnreadDigest {
  recipient: Recipient;
  /** How many of their messages the reminder covers. */
  count: number;
  /** The senders' display names, without repeats. */
  senders: string[];
}

/** The projects that matched a user's daily saved searches since their last digest (decision 0133). */
export interface SavedSearchDigest {
  recipient: Recipient;
  items: { projectId: string; projectTitle: string; searchName: string }[];
}

/** Who is told about what: the read side of the mail rules. */
export interface EmailAudience {
  /** Contractors and vendors (other than `excludeUserId`) with email on whose specialties meet `services`. */
  specialistsMatching(services: readonly string[], excludeUserId: string): Promise<Recipient[]>;
  projectTitle(projectId: string): Promise<string | null>;
  /** These users as mail recipients (one read for many; unknown ids are left out). */
  recipients(userIds: readonly string[]): Promise<Recipient[]>;
  /**
   * In one transaction: takes the unread messages created at or before `olderThan` that no reminder
   * covered yet (row-locked, SKIP LOCKED), marks them covered, hands each receiver's digest to
   * `compose`, and queues the mails it returns. Returns how many mails were queued.
   */
  takeUnreadMessageDigests(
    olderThan: Date,
    now: Date,
    compose: (digest: UnreadDigest) => QueuedMail | null,
  ): Promise<number>;
  /**
   * In one transaction: takes the waiting saved-search matches of every user whose last digest went out
   * at or before `sentBefore` (or never), row-locked with SKIP LOCKED, removes them, records `now` as the
   * users' last digest, hands each user's digest to `compose`, and queues the mails it returns.
   */
  takeSavedSearchDigests(
    sentBefore: Date,
    now: Date,
    compose: (digest: SavedSearchDigest) => QueuedMail | null,
  ): Promise<number>;
}

/** Signed tokens for the unsubscribe link: they name a user and cannot be forged. */
export interface UnsubscribeTokens {
  issue(userId: string): string;
  /** The user id the token was issued for, or null when it is malformed or its signature is wrong. */
  verify(token: string): string | null;
}

export interface EmailSettings {
  /** The site's public origin, e.g. https://buildbid.example.com (links in mails). */
  publicUrl: string;
  /** The first retry waits this long; each further one doubles it, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a claimed mail stays hidden from other workers while it is being sent. */
  leaseMs: number;
  /** Mails claimed per worker round. */
  batchSize: number;
  /** How long a message stays unread before its receiver gets a reminder (15 minutes). */
  unreadReminderMs: number;
}
