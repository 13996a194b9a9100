import type { Role, User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { AdminQuery } from './ports.ts';
import { assertAdmin, DEFAULT_ADMIN_PAGE } from './shared.ts';

/** GET /api/admin/users: a page of users, oldest first, by role and text. Admins only. */
export class ListUsers extends UseCase<{ admin: AdminQuery }> {
  execute(
    actor: User,
    filter: { role?: Role | undefined; q?: string | undefined; limit?: number; offset?: number } = {},
  ): Promise<{ items: User[]; total: number }> {
    assertAdmin(actor);
    const q = filter.q?.trim() || undefined;
    return this.deps.admin.users({
      role: filter.role,
      q,
      limit: filter.limit ?? DEFAULT_ADMIN_PAGE,
      offset: filter.offset ?? 0,
    });
  }
}
