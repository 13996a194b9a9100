import type { SuspensionSnapshot } from '../../domain/safety/suspension.ts';
import type { Role, User } from '../../domain/user/user.ts';
import type { SuspensionQuery } from '../safety/ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { AdminQuery } from './ports.ts';
import { assertAdmin, DEFAULT_ADMIN_PAGE } from './shared.ts';

/**
 * GET /api/admin/users: a page of users, oldest first, by role and text, each with the suspension that keeps
 * them out now, if any (decision 0223). Admins only.
 */
export class ListUsers extends UseCase<{ admin: AdminQuery; suspensions: SuspensionQuery; clock: Clock }> {
  async execute(
    actor: User,
    filter: { role?: Role | undefined; q?: string | undefined; limit?: number; offset?: number } = {},
  ): Promise<{ items: User[]; total: number; suspensions: Map<string, SuspensionSnapshot> }> {
    assertAdmin(actor);
    const q = filter.q?.trim() || undefined;
    const page = await this.deps.admin.users({
      role: filter.role,
      q,
      limit: filter.limit ?? DEFAULT_ADMIN_PAGE,
      offset: filter.offset ?? 0,
    });
    const suspensions = await this.deps.suspensions.activeAmong(
      page.items.map((u) => u.id),
      this.deps.clock.now(),
    );
    return { ...page, suspensions };
  }
}
