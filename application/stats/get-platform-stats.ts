import { PermissionError } from '../../domain/shared/errors.ts';
import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { StatsQuery } from './ports.ts';

export class GetPlatformStats extends UseCase<{ stats: StatsQuery }> {
  /** GET /api/admin/stats: admins only. */
  async execute(actor: User): Promise<{ activeProjects: number; totalBids: number }> {
    if (!actor.isAdmin) throw new PermissionError('ADMIN_ONLY', 'Admin privileges required');
    return this.deps.stats.platformCounts();
  }
}
