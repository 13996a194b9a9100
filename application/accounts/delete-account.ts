import type { BidWithdrawn, ProjectDeleted } from '../../domain/shared/events.ts';
import { USER_ERRORS } from '../../domain/user/errors.ts';
import type { User } from '../../domain/user/user.ts';
import { deleteProjectIn } from '../projects/delete-project.ts';
import { removeQuietly } from '../projects/shared.ts';
import { AccountUseCase } from './lifecycle.ts';

/**
 * 'Delete Account' (decision 0160). With the current password, and never the last admin (409 LAST_ADMIN):
 * - a running Pro subscription is cancelled through the payment gateway first (`cancelSubscription`),
 *   so no further payment is taken;
 * - in one transaction: the person's projects without an accepted bid are deleted (their bidders are
 *   told), their pending bids are withdrawn (each under its project's lock, so no owner accepts one
 *   meanwhile; the owners are told: decision 0193), their own data goes (saved searches and projects,
 *   notifications, achievements, reset links, every mail to them, sent or not), and the row becomes
 *   'Deleted user' with a freed email;
 * - after the commit every session is revoked, the sockets closed and the deleted projects' files removed.
 * Kept, shown as 'Deleted user': bids (decided or withdrawn), messages and reviews, and projects with an
 * accepted bid (the awarded contractor's work and review rely on them).
 */
export class DeleteAccount extends AccountUseCase {
  async execute(
    userId: string,
    password: string | undefined,
    cancelSubscription: (user: User) => Promise<void>,
  ): Promise<void> {
    const user = await this.deps.users.findById(userId);
    if (!user || user.isDeleted) throw USER_ERRORS.USER_NOT_FOUND();
    await this.checkCurrentPassword(user, password, 'password');
    if (user.isAdmin) {
      // Refuse before anything is cancelled; the transaction checks again under the admins' locks.
      await this.deps.uow.run(async (tx) => user.assertNotLastAdmin('client', await tx.users.lockAdmins()));
    }
    await cancelSubscription(user);
    const now = this.deps.clock.now();
    const deleted = await this.deps.uow.commit(async (tx) => {
      const admins = user.isAdmin ? await tx.users.lockAdmins() : null;
      const locked = await tx.users.lockForUpdate(userId);
      if (!locked) throw USER_ERRORS.USER_NOT_FOUND();
      if (admins) locked.assertNotLastAdmin('client', admins);
      const deleted: ProjectDeleted[] = [];
      for (const projectId of await tx.personalData.projectsToDelete(userId)) {
        const project = await tx.projects.lockForUpdate(projectId);
        if (project && project.acceptedBidId === null) {
          deleted.push(await deleteProjectIn(tx, project, locked, now));
        }
      }
      // Decision 0193: the pending bids are withdrawn; their owners are told through the outbox.
      const withdrawn: BidWithdrawn[] = [];
      for (const { bidId, projectId } of await tx.personalData.pendingBidsOf(userId)) {
        const project = await tx.projects.lockForUpdate(projectId);
        // Read under the project's lock: the owner may have decided on it meanwhile.
        const bid = project ? await tx.bids.findById(bidId) : null;
        if (!project || bid?.status !== 'pending') continue;
        withdrawn.push(bid.withdraw(now, project, 'account_deleted'));
        await tx.bids.save(bid);
      }
      await tx.personalData.erase(userId, locked.email);
      locked.erase(now);
      await tx.users.save(locked);
      return { result: deleted, events: [...deleted, ...withdrawn] };
    });
    await this.endSessions(userId);
    await removeQuietly(
      this.deps.files,
      deleted.flatMap((e) => e.attachments),
    );
  }
}
