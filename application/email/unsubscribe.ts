import { USER_ERRORS } from '../../domain/user/errors.ts';

import type { User } from '../../domain/user/user.ts';
import type { UserRepository } from '../accounts/ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { UnsubscribeTokens } from './ports.ts';

/** GET /api/unsubscribe?token=...: turns email notifications off without signing in. */
export class Unsubscribe extends UseCase<{ tokens: UnsubscribeTokens; users: UserRepository; clock: Clock }> {
  async execute(token: string): Promise<User> {
    const userId = this.deps.tokens.verify(token);
    const user = userId ? await this.deps.users.findById(userId) : null;
    if (!user) {
      throw USER_ERRORS.INVALID_UNSUBSCRIBE_TOKEN({ field: 'token' });
    }
    if (user.emailNotifications) {
      user.changeEmailNotifications(false, this.deps.clock.now());
      await this.deps.users.save(user);
    }
    return user;
  }
}
