import { PermissionError } from '../../domain/shared/errors.ts';
import type { Role, User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { AdminQuery, RoleChangeView } from './ports.ts';

export const DEFAULT_ADMIN_PAGE = 50;
export const MAX_ADMIN_PAGE = 200;

function assertAdmin(actor: User): void {
  if (!actor.isAdmin) throw new PermissionError('ADMIN_ONLY', 'Admin privileges required');
}

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

/** GET /api/admin/role-changes: the audit log of role changes, newest first. Admins only. */
export class ListRoleChanges extends UseCase<{ admin: AdminQuery }> {
  execute(
    actor: User,
    page: { limit?: number; offset?: number } = {},
  ): Promise<{ items: RoleChangeView[]; total: number }> {
    assertAdmin(actor);
    return this.deps.admin.roleChanges({ limit: page.limit ?? DEFAULT_ADMIN_PAGE, offset: page.offset ?? 0 });
  }
}
