import { USER_ERRORS } from '../../domain/user/errors.ts';

import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { StatsQuery } from './ports.ts';

export class GetPlatformStats extends UseCase<{ stats: StatsQuery }> {
  /** GET /api/admin/stats: admins only. */
  async execute(actor: User): Promise<{ activeProjects: number; totalBids: number }> {
    if (!actor.isAdmin) throw USER_ERRORS.ADMIN_ONLY();
    return this.deps.stats.platformCounts();
  }
}
