import { lastDayOf, type SuspensionSnapshot, suspend } from '../../domain/safety/suspension.ts';
import type { BidWithdrawn } from '../../domain/shared/events.ts';
import { USER_ERRORS } from '../../domain/user/errors.ts';
import type { User } from '../../domain/user/user.ts';
import { endSessionsEverywhere, type SessionEnders } from '../accounts/lifecycle.ts';
import { assertAdmin } from '../admin/shared.ts';
import type { MailOutbox } from '../email/ports.ts';
import { composeAccountMail } from '../email/templates.ts';
import type { OAuthGrants } from '../oauth-apps/ports.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';

/** What suspending and lifting need: the transaction, and what ends a user's access everywhere. */
export interface SuspensionDeps extends SessionEnders {
  uow: UnitOfWork;
  ids: IdGenerator;
  oauthGrants: Pick<OAuthGrants, 'revokeAllForUser'>;
  mail: MailOutbox;
}

/** Where the action came from: the moderation queue names the report it closes (the audit log keeps it). */
export interface ModerationContext {
  reportId?: string | null;
}

/** The suspension notice (decision 0223): one of the two mails a suspended user still gets. */
export function suspensionNotice(suspension: SuspensionSnapshot): { subject: string; paragraphs: string[] } {
  const until =
    suspension.endsAt === null
      ? 'until an admin lifts the suspension'
      : `through ${lastDayOf(suspension.endsAt)}`;
  return {
    subject: 'Your BuildBid account is suspended',
    paragraphs: [
      `An admin suspended your BuildBid account ${until}.`,
      `Reason: ${suspension.reason}`,
      'While it is suspended you cannot sign in, your open projects are hidden and take no bids, and your pending bids were withdrawn. You will get no other mail from us until it ends.',
    ],
  };
}

/**
 * 'Suspend' (issue 27 item 3, decision 0223), from the admin's users table or the moderation queue (with the
 * report it closes). Admins only; never an admin (so never the last one). In one transaction, under the user's
 * row lock: the suspension is stored, the action goes into the admin audit log, their pending bids are
 * withdrawn (each under its project's lock, as an account deletion withdraws them: the owners are told through
 * the outbox) and the mail queued to them and not sent yet is dropped. After the commit their sessions, access
 * tokens, OAuth grants and sockets end on every instance, and the notice is mailed (the one mail that still goes).
 */
export class SuspendUser extends UseCase<SuspensionDeps> {
  async execute(
    actor: User,
    userId: string,
    terms: { days: number | null; reason: string },
    context: ModerationContext = {},
  ): Promise<SuspensionSnapshot> {
    assertAdmin(actor);
    const now = this.deps.clock.now();
    const { suspension, target } = await this.deps.uow.commit(async (tx) => {
      const target = await tx.users.lockForUpdate(userId);
      if (!target) throw USER_ERRORS.USER_NOT_FOUND({ field: 'id' });
      const suspension = suspend({
        id: this.deps.ids.next(),
        admin: actor,
        target,
        terms,
        current: await tx.suspensions.activeFor(target.id, now),
        reportId: context.reportId ?? null,
        now,
      });
      await tx.suspensions.add(suspension);
      await tx.adminActions.record({
        id: this.deps.ids.next(),
        actorId: actor.id,
        targetId: target.id,
        action: 'user_suspended',
        reason: suspension.reason,
        reportId: suspension.reportId,
        endsAt: suspension.endsAt,
        createdAt: now,
      });
      const withdrawn: BidWithdrawn[] = [];
      for (const { bidId, projectId } of await tx.personalData.pendingBidsOf(target.id)) {
        const project = await tx.projects.lockForUpdate(projectId);
        // Read under the project's lock: the owner may have decided on it meanwhile.
        const bid = project ? await tx.bids.findById(bidId) : null;
        if (!project || bid?.status !== 'pending') continue;
        withdrawn.push(bid.withdraw(now, project, 'account_suspended'));
        await tx.bids.save(bid);
      }
      await tx.suspensions.discardUnsentMail(target.id);
      return { result: { suspension, target }, events: withdrawn };
    });
    await endSessionsEverywhere(this.deps, target.id);
    await this.deps.oauthGrants.revokeAllForUser(target.id);
    const mail = composeAccountMail({ email: target.email, name: target.name }, suspensionNotice(suspension));
    await this.deps.mail.enqueue(
      [
        {
          ...mail,
          userId: target.id,
          dedupeKey: `suspension:${suspension.id}`,
          purpose: 'suspension_notice',
        },
      ],
      now,
    );
    return suspension;
  }
}
