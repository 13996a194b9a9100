import { Block } from '../../domain/safety/block.ts';
import type { DomainEvent } from '../../domain/shared/events.ts';
import { USER_ERRORS } from '../../domain/user/errors.ts';
import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';

/**
 * 'Block' (issue 27 item 4, decision 0220), from a conversation or a bidder's card. In one transaction, under
 * the blocker's row lock (so the limit's count holds): the block is stored, and the blocked person's pending
 * bids on the blocker's projects are declined as the owner would decline them (Project.declineBid, each under
 * its project's lock), so the bidder hears 'declined' as of any decline and nothing about the block. Blocking
 * someone already blocked changes nothing. An unknown or deleted user is 404 USER_NOT_FOUND.
 */
export class BlockUser extends UseCase<{ uow: UnitOfWork; clock: Clock }> {
  execute(actor: User, userId: string): Promise<void> {
    const now = this.deps.clock.now();
    return this.deps.uow.commit(async (tx) => {
      const blocker = await tx.users.lockForUpdate(actor.id);
      if (!blocker) throw USER_ERRORS.USER_NOT_FOUND();
      const blocked = userId === blocker.id ? blocker : await tx.users.findById(userId);
      if (!blocked || blocked.isDeleted) throw USER_ERRORS.USER_NOT_FOUND({ field: 'userId' });
      const existing = await tx.blocks.between(blocker.id, blocked.id);
      const already = existing.some((b) => b.blockerId === blocker.id);
      const count = already ? 0 : await tx.blocks.countByBlocker(blocker.id);
      const block = Block.create({ blocker, blocked, blockedCount: count, now });
      if (already) return { result: undefined, events: [] };
      await tx.blocks.add(block.toSnapshot());
      const events: DomainEvent[] = [];
      for (const { bidId, projectId } of await tx.blocks.pendingBidsOn(blocker.id, blocked.id)) {
        const project = await tx.projects.lockForUpdate(projectId);
        // Read under the project's lock: the owner may have decided on it meanwhile.
        const bid = project ? await tx.bids.findById(bidId) : null;
        if (!project || bid?.status !== 'pending' || !project.isOwnedBy(blocker.id)) continue;
        events.push(...project.declineBid(blocker, bid, now));
        await tx.bids.save(bid);
        await tx.projects.save(project);
      }
      return { result: undefined, events };
    });
  }
}
