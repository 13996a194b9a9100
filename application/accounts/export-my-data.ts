import type { User } from '../../domain/user/user.ts';
import { AccountUseCase } from './lifecycle.ts';

/** 'Download my data': the profile, projects, bids, messages and reviews as one JSON document. */
export class ExportMyData extends AccountUseCase {
  async execute(user: User) {
    const collected = await this.deps.exports.collect(user.id);
    return { exportedAt: this.deps.clock.now(), user, ...collected };
  }
}
