import { claimItem, type ReportTargetType, releaseItem } from '../../domain/safety/report.ts';
import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';

/**
 * 'Claim' (decision 0221): the admin takes the item, so no other admin acts on it; the others see who holds it.
 * Under the item's open reports' row locks, so two admins claiming at once get one claim and one 409.
 */
export class ClaimModerationItem extends UseCase<{ uow: UnitOfWork; clock: Clock }> {
  execute(admin: User, type: ReportTargetType, id: string): Promise<void> {
    const now = this.deps.clock.now();
    return this.deps.uow.run(async (tx) => {
      const open = await tx.moderation.lockOpenReports(type, id);
      const claim = await tx.moderation.claimOf(type, id);
      if (claimItem({ admin, openReports: open.length, claim }))
        await tx.moderation.claim(type, id, admin.id, now);
    });
  }
}

/** 'Release': the admin who claimed the item gives it back to the queue. */
export class ReleaseModerationItem extends UseCase<{ uow: UnitOfWork }> {
  execute(admin: User, type: ReportTargetType, id: string): Promise<void> {
    return this.deps.uow.run(async (tx) => {
      await tx.moderation.lockOpenReports(type, id);
      const claim = await tx.moderation.claimOf(type, id);
      if (releaseItem({ admin, claim })) await tx.moderation.release(type, id);
    });
  }
}
