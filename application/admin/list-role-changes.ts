import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { AdminQuery, RoleChangeView } from './ports.ts';
import { assertAdmin, DEFAULT_ADMIN_PAGE } from './shared.ts';

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
