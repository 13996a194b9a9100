import { checkNotCommonPassword } from '../../domain/user/common-passwords.ts';
import { checkPasswordPolicy, User } from '../../domain/user/user.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { PasswordHasher, UserRepository } from './ports.ts';

export interface RegisterInput {
  email: string;
  password: string;
  firstName?: string | null;
  lastName?: string | null;
  role?: string;
  country?: string;
}

export class RegisterUser extends UseCase<{
  users: UserRepository;
  hasher: PasswordHasher;
  ids: IdGenerator;
  clock: Clock;
}> {
  async execute(input: RegisterInput): Promise<User> {
    checkPasswordPolicy(input.password);
    checkNotCommonPassword(input.password);
    // Validate everything before the (deliberately slow) hash.
    const draft = User.register({
      ...input,
      id: this.deps.ids.next(),
      passwordHash: '',
      now: this.deps.clock.now(),
    });
    const user = User.register({
      ...input,
      id: draft.id,
      passwordHash: await this.deps.hasher.hash(input.password),
      now: this.deps.clock.now(),
    });
    await this.deps.users.add(user);
    return user;
  }
}
