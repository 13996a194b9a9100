import type { User } from '../../domain/user/user.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { SessionStore, SignedInUsers, UserRepository } from './ports.ts';

export class Authenticate extends UseCase<{
  sessions: SessionStore;
  users: UserRepository;
  clock: Clock;
  signedIn?: SignedInUsers;
}> {
  /** The signed-in user behind a session id, or null when the session is unknown, expired or orphaned. */
  async execute(sid: string | undefined): Promise<User | null> {
    if (!sid) return null;
    if (this.deps.signedIn) return this.deps.signedIn.find(sid, this.deps.clock.now());
    const session = await this.deps.sessions.find(sid, this.deps.clock.now());
    if (!session) return null;
    return this.deps.users.findById(session.userId);
  }
}
