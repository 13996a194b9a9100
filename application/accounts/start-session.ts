import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { SessionRecord, SessionStore } from './ports.ts';
import { SESSION_TTL_MS } from './shared.ts';

export class StartSession extends UseCase<{ sessions: SessionStore; clock: Clock }> {
  /** Opens a session for a user who has just proved who they are (registration). */
  async execute(userId: string, previousSid?: string): Promise<SessionRecord> {
    if (previousSid) await this.deps.sessions.revoke(previousSid);
    return this.deps.sessions.create(userId, new Date(this.deps.clock.now().getTime() + SESSION_TTL_MS));
  }
}
