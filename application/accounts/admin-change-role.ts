import { USER_ERRORS } from '../../domain/user/errors.ts';

import type { User } from '../../domain/user/user.ts';
import type { AddingDeps } from '../shared/marketplace-ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { assignRoleAudited, lockForRoleChange } from './shared.ts';

export class AdminChangeRole extends UseCase<AddingDeps> {
  /**
   * Any of the four roles on anyone, but never the last admin's (409 LAST_ADMIN, decision 0091). The
   * audit log records who changed whose role, from what to what, in the same transaction.
   */
  async execute(actor: User, targetUserId: string, role: string): Promise<User> {
    if (!actor.isAdmin) {
      throw USER_ERRORS.ADMIN_ONLY();
    }
    return this.deps.uow.run(async (tx) => {
      const target = await lockForRoleChange(tx, targetUserId, role);
      if (!target) throw USER_ERRORS.USER_NOT_FOUND(`No user with id '${targetUserId}'`);
      await assignRoleAudited(tx, target, role, actor.id, this.deps.ids, this.deps.clock.now());
      return target;
    });
  }
}
