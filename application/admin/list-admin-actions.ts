import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { AdminActionView, AdminQuery } from './ports.ts';
import { assertAdmin, DEFAULT_ADMIN_PAGE } from './shared.ts';

/** GET /api/admin/actions: the admin actions log (decision 0224: suspensions and lifts), newest first. Admins only. */
export class ListAdminActions extends UseCase<{ admin: AdminQuery }> {
  execute(
    actor: User,
    page: { limit?: number; offset?: number } = {},
  ): Promise<{ items: AdminActionView[]; total: number }> {
    assertAdmin(actor);
    return this.deps.admin.adminActions({
      limit: page.limit ?? DEFAULT_ADMIN_PAGE,
      offset: page.offset ?? 0,
    });
  }
}
