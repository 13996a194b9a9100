import { lift, type SuspensionSnapshot } from '../../domain/safety/suspension.ts';
import { USER_ERRORS } from '../../domain/user/errors.ts';
import type { User } from '../../domain/user/user.ts';
import { assertAdmin } from '../admin/shared.ts';
import { composeAccountMail } from '../email/templates.ts';
import { UseCase } from '../shared/use-case.ts';
import type { ModerationContext, SuspensionDeps } from './suspend-user.ts';

/** The notice that the suspension is over (decision 0223): the second mail a suspended user gets. */
export const LIFT_NOTICE = {
  subject: 'Your BuildBid account is active again',
  paragraphs: [
    'An admin lifted the suspension of your BuildBid account. You can sign in again, and your open projects are shown and take bids again.',
    'Bids that were withdrawn when your account was suspended stay withdrawn.',
  ],
};

/**
 * 'Lift suspension' (decision 0223), from the admin's users table or the moderation queue. Admins only; a user
 * whose suspension stands (409 NOT_SUSPENDED otherwise: one that ran out is over already). In one transaction,
 * under the user's row lock: the suspension is marked lifted and the action goes into the admin audit log. From
 * the commit their projects show and take bids again and they can sign in; withdrawn bids stay withdrawn. They
 * are mailed that it is over.
 */
export class LiftSuspension extends UseCase<Pick<SuspensionDeps, 'uow' | 'ids' | 'clock' | 'mail'>> {
  async execute(actor: User, userId: string, context: ModerationContext = {}): Promise<SuspensionSnapshot> {
    assertAdmin(actor);
    const now = this.deps.clock.now();
    const { lifted, target } = await this.deps.uow.run(async (tx) => {
      const target = await tx.users.lockForUpdate(userId);
      if (!target || target.isDeleted) throw USER_ERRORS.USER_NOT_FOUND({ field: 'id' });
      const lifted = lift({ admin: actor, current: await tx.suspensions.activeFor(target.id, now), now });
      await tx.suspensions.save(lifted);
      await tx.adminActions.record({
        id: this.deps.ids.next(),
        actorId: actor.id,
        targetId: target.id,
        action: 'suspension_lifted',
        reason: null,
        reportId: context.reportId ?? null,
        endsAt: null,
        createdAt: now,
      });
      return { lifted, target };
    });
    const mail = composeAccountMail({ email: target.email, name: target.name }, LIFT_NOTICE);
    await this.deps.mail.enqueue(
      [
        {
          ...mail,
          userId: target.id,
          dedupeKey: `suspension_lifted:${lifted.id}`,
          purpose: 'suspension_notice',
        },
      ],
      now,
    );
    return lifted;
  }
}
