import { USER_ERRORS } from '../../domain/user/errors.ts';

import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { lockForRoleChange } from './shared.ts';

export class ChangeOwnRole extends UseCase<{ uow: UnitOfWork; clock: Clock }> {
  async execute(userId: string, role: string): Promise<User> {
    return this.deps.uow.run(async (tx) => {
      const user = await lockForRoleChange(tx, userId, role);
      if (!user) throw USER_ERRORS.USER_NOT_FOUND();
      user.changeOwnRole(role, this.deps.clock.now());
      await tx.users.save(user);
      return user;
    });
  }
}
