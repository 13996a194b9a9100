/**
 * Suspending an account (issue 27 item 3, decision 0223): an admin suspends a user for a number of days or
 * until lifted, with a reason. While it stands the user is out: their sessions, tokens and sockets end, they
 * cannot sign in, their open projects are hidden and take no bids, their pending bids are withdrawn and no mail
 * goes to them but the notice of the suspension and of its lifting. A suspension with an end date is over when
 * the clock passes it (nothing has to run then): every rule below compares with `now`.
 */
import { PROJECT_ERRORS } from '../project/errors.ts';
import { endOfLocalDay, formatDay, localDate } from '../shared/time-zone.ts';
import { USER_ERRORS } from '../user/errors.ts';
import type { Role } from '../user/user.ts';
import { SAFETY_ERRORS } from './errors.ts';

/** The longest suspension with an end date, in days; longer ones are 'until lifted'. */
export const MAX_SUSPENSION_DAYS = 365;

/** The longest reason an admin may give, in characters. */
export const MAX_SUSPENSION_REASON_LENGTH = 1000;

/** The zone whose days a suspension counts (decision 0200: the pages' and the texts' zone). */
const SUSPENSION_TIME_ZONE = 'America/Nassau';

export interface SuspensionSnapshot {
  id: string;
  userId: string;
  /** The admin who suspended; null once their account is gone. */
  suspendedBy: string | null;
  reason: string;
  startsAt: Date;
  /** The last instant of the suspension (the end of its last day in Nassau); null: until lifted. */
  endsAt: Date | null;
  liftedAt: Date | null;
  liftedBy: string | null;
  /** The report the suspension closed (the moderation queue, issue 27 item 2), if it came from one. */
  reportId: string | null;
}

/** Who suspends, or is suspended: a User satisfies it. */
export interface SuspensionParty {
  readonly id: string;
  readonly role: Role;
  readonly isDeleted: boolean;
}

/** What an admin asks for: `days` (1..MAX_SUSPENSION_DAYS) or null for 'until lifted', and why. */
export interface SuspensionTerms {
  days: number | null;
  reason: string;
}

/** The suspension's last day, as the texts name it: 'Dec 3, 2026'. */
export function lastDayOf(endsAt: Date): string {
  return formatDay(endsAt, SUSPENSION_TIME_ZONE);
}

/** Whether the suspension keeps the user out at `now`: not lifted, and its end (if any) not passed. */
export function isActiveAt(suspension: SuspensionSnapshot | null | undefined, now: Date): boolean {
  if (!suspension || suspension.liftedAt !== null) return false;
  return suspension.endsAt === null || suspension.endsAt.getTime() > now.getTime();
}

/** The one suspension among `suspensions` that keeps the user out at `now`, if any. */
export function activeSuspension(
  suspensions: readonly SuspensionSnapshot[],
  now: Date,
): SuspensionSnapshot | null {
  return suspensions.find((s) => isActiveAt(s, now)) ?? null;
}

/**
 * The end of a suspension of `days` days that starts at `now`: the end of the Nassau day `days` days after
 * today, so 7 days from a Wednesday morning last through the next Wednesday, and the texts can say 'through
 * Dec 3, 2026' without a time.
 */
export function suspensionEnd(now: Date, days: number): Date {
  const last = new Date(now.getTime() + days * 86_400_000);
  return endOfLocalDay(localDate(last, SUSPENSION_TIME_ZONE), SUSPENSION_TIME_ZONE);
}

function checkTerms(terms: SuspensionTerms): { days: number | null; reason: string } {
  const reason = terms.reason.trim();
  if (reason === '') throw SAFETY_ERRORS.SUSPENSION_REASON_REQUIRED({ field: 'reason' });
  if ([...reason].length > MAX_SUSPENSION_REASON_LENGTH) {
    throw SAFETY_ERRORS.SUSPENSION_REASON_TOO_LONG(
      `The reason must be at most ${MAX_SUSPENSION_REASON_LENGTH} characters`,
      'reason',
    );
  }
  const days = terms.days;
  if (days !== null && (!Number.isInteger(days) || days < 1 || days > MAX_SUSPENSION_DAYS)) {
    throw SAFETY_ERRORS.INVALID_SUSPENSION_DAYS(
      `A suspension lasts 1 to ${MAX_SUSPENSION_DAYS} days, or until lifted`,
      'days',
    );
  }
  return { days, reason };
}

/**
 * The rules of suspending: admins only (403 ADMIN_ONLY); admins are never suspended (403 CANNOT_SUSPEND_ADMIN:
 * take the role first, which the last admin's rule guards, so the last admin is never out); a deleted account
 * is not there (404 USER_NOT_FOUND); a reason is required and the length is 1..MAX_SUSPENSION_DAYS days or until
 * lifted (400); a user already suspended is 409 ALREADY_SUSPENDED (lift it first to change it). `current` is the
 * target's suspension that stands at `now`, if any.
 */
export function suspend(input: {
  id: string;
  admin: SuspensionParty;
  target: SuspensionParty;
  terms: SuspensionTerms;
  current: SuspensionSnapshot | null;
  reportId?: string | null;
  now: Date;
}): SuspensionSnapshot {
  const { admin, target, now } = input;
  if (admin.role !== 'admin') throw USER_ERRORS.ADMIN_ONLY();
  if (target.isDeleted) throw USER_ERRORS.USER_NOT_FOUND({ field: 'id' });
  if (target.role === 'admin') throw SAFETY_ERRORS.CANNOT_SUSPEND_ADMIN({ field: 'id' });
  const { days, reason } = checkTerms(input.terms);
  if (isActiveAt(input.current, now)) {
    throw SAFETY_ERRORS.ALREADY_SUSPENDED(
      `This user is already suspended ${standing(input.current as SuspensionSnapshot)}. Lift the suspension first to change it.`,
    );
  }
  return {
    id: input.id,
    userId: target.id,
    suspendedBy: admin.id,
    reason,
    startsAt: now,
    endsAt: days === null ? null : suspensionEnd(now, days),
    liftedAt: null,
    liftedBy: null,
    reportId: input.reportId ?? null,
  };
}

/**
 * Lifting: admins only; only a suspension that still stands (409 NOT_SUSPENDED otherwise: one that ran out is
 * over already). Answers the lifted suspension.
 */
export function lift(input: {
  admin: SuspensionParty;
  current: SuspensionSnapshot | null;
  now: Date;
}): SuspensionSnapshot {
  if (input.admin.role !== 'admin') throw USER_ERRORS.ADMIN_ONLY();
  const current = input.current;
  if (!current || !isActiveAt(current, input.now)) throw SAFETY_ERRORS.NOT_SUSPENDED();
  return { ...current, liftedAt: input.now, liftedBy: input.admin.id };
}

/** 'through Dec 3, 2026' or 'until an admin lifts it'. */
function standing(suspension: SuspensionSnapshot): string {
  return suspension.endsAt === null ? 'until an admin lifts it' : `through ${lastDayOf(suspension.endsAt)}`;
}

/** What sign-in answers a suspended user (after their password proved who they are). */
export function suspendedMessage(suspension: SuspensionSnapshot): string {
  return suspension.endsAt === null
    ? 'Your account is suspended until an admin lifts the suspension.'
    : `Your account is suspended through ${lastDayOf(suspension.endsAt)}. You can sign in again after that day.`;
}

/** Sign-in is refused while a suspension stands: 403 ACCOUNT_SUSPENDED, with its end date. */
export function assertNotSuspended(suspension: SuspensionSnapshot | null, now: Date): void {
  if (suspension && isActiveAt(suspension, now)) {
    throw SAFETY_ERRORS.ACCOUNT_SUSPENDED(suspendedMessage(suspension));
  }
}

/**
 * A suspended owner's projects take no bids: 409 PROJECT_NOT_BIDDING 'This project is not accepting bids',
 * the words a closed project gives (the bidder learns nothing about the owner).
 */
export function assertOwnerMayTakeBids(ownerSuspended: boolean): void {
  if (ownerSuspended) throw PROJECT_ERRORS.PROJECT_NOT_BIDDING('This project is not accepting bids');
}

/**
 * Whether `viewer` may see a project of an owner who is (or is not) suspended: while the owner is suspended
 * only the owner and admins do (to everyone else it is not found; browse leaves it out).
 */
export function projectVisibleTo(
  viewer: { id: string; role: Role } | null,
  project: { clientId: string },
  ownerSuspended: boolean,
): boolean {
  if (!ownerSuspended) return true;
  return viewer !== null && (viewer.id === project.clientId || viewer.role === 'admin');
}

/** The mails that go to a suspended user: the notice of the suspension and of its lifting, nothing else. */
export type MailPurpose = 'suspension_notice' | 'other';

/** Whether a mail of `purpose` goes to a user who is (or is not) suspended now. */
export function mailGoesTo(recipientSuspended: boolean, purpose: MailPurpose): boolean {
  return !recipientSuspended || purpose === 'suspension_notice';
}
