import { NotFoundError, PermissionError } from '../../domain/shared/errors.ts';
import type { ProfileForm, Role, User } from '../../domain/user/user.ts';
import type { UserRepository } from '../accounts/ports.ts';
import type { Clock } from '../shared/ports.ts';

/** PATCH /api/users/me takes exactly one of these (accounts-and-shell section 7). */
export type ProfileChange =
  | { kind: 'profile'; form: ProfileForm }
  | { kind: 'services'; services: readonly string[] }
  | { kind: 'emailNotifications'; enabled: boolean };

export class UpdateProfile {
  readonly #users: UserRepository;
  readonly #clock: Clock;

  constructor(users: UserRepository, clock: Clock) {
    this.#users = users;
    this.#clock = clock;
  }

  async execute(userId: string, change: ProfileChange): Promise<User> {
    const user = await this.#users.findById(userId);
    if (!user) throw new NotFoundError('USER_NOT_FOUND', 'User not found');
    const now = this.#clock.now();
    if (change.kind === 'profile') user.updateProfile(change.form, now);
    else if (change.kind === 'services') user.changeServices(change.services, now);
    else user.changeEmailNotifications(change.enabled, now);
    await this.#users.save(user);
    return user;
  }
}

/** GET /api/admin/users: every user (optionally of one role), oldest first. Admins only. */
export class ListUsers {
  readonly #users: UserRepository;

  constructor(users: UserRepository) {
    this.#users = users;
  }

  async execute(actor: User, filter: { role?: Role } = {}): Promise<User[]> {
    if (!actor.isAdmin) throw new PermissionError('ADMIN_ONLY', 'Admin privileges required');
    return this.#users.list(filter);
  }
}
