import { USER_ERRORS } from '../../domain/user/errors.ts';

import { normalizeEmail, type Role, type User } from '../../domain/user/user.ts';
import type { AddingDeps } from '../shared/marketplace-ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { assignRoleAudited } from './shared.ts';

export class PromoteToAdmin extends UseCase<AddingDeps> {
  /** For the `admin:promote` CLI: real deployments have no seeded admin. Audited with no admin named. */
  async execute(email: string): Promise<User> {
    const normalized = normalizeEmail(email);
    return this.deps.uow.run(async (tx) => {
      const found = await tx.users.findByEmail(normalized);
      if (!found) throw USER_ERRORS.USER_NOT_FOUND(`No user with email '${email}'`);
      const user = (await tx.users.lockForUpdate(found.id)) ?? found;
      await assignRoleAudited(tx, user, 'admin' satisfies Role, null, this.deps.ids, this.deps.clock.now());
      return user;
    });
  }
}
