import { UseCase } from '../shared/use-case.ts';
import type { SessionStore } from './ports.ts';

export class SignOut extends UseCase<{ sessions: SessionStore }> {
  async execute(sid: string | undefined): Promise<void> {
    if (sid) await this.deps.sessions.revoke(sid);
  }
}
