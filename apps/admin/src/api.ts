/** The admin calls (accounts-and-shell section 7, docs/security.md) through the typed client. Admin only. */

import type { components } from '@buildbid/api-client';
import { createBrowserApi, pageOf, unwrap } from '@buildbid/api-client';

const api = createBrowserApi();

export type AdminUser = components['schemas']['AdminUser'];
export type AdminStats = components['schemas']['AdminStats'];
export type RoleChange = components['schemas']['RoleChange'];
export type Role = AdminUser['role'];

export interface Page<T> {
  items: T[];
  /** How many match in all (X-Total-Count). */
  total: number;
}

export interface UserQuery {
  role?: Role | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
}

/** GET /api/admin/users: one page of users, oldest first, by role and text. */
export async function listUsers(query: UserQuery): Promise<Page<AdminUser>> {
  const call = api.GET('/api/admin/users', {
    params: {
      query: {
        ...(query.role ? { role: query.role } : {}),
        ...(query.q?.trim() ? { q: query.q.trim() } : {}),
        limit: query.limit,
        offset: query.offset,
      },
    },
  });
  const items = await unwrap(call);
  const { total } = pageOf(items, (await call).response);
  return { items, total };
}

/** GET /api/admin/role-changes: the audit log, newest first. */
export async function listRoleChanges(limit: number, offset: number): Promise<Page<RoleChange>> {
  const call = api.GET('/api/admin/role-changes', { params: { query: { limit, offset } } });
  const items = await unwrap(call);
  const { total } = pageOf(items, (await call).response);
  return { items, total };
}

export function getAdminStats(): Promise<AdminStats> {
  return unwrap(api.GET('/api/admin/stats'));
}

export async function setUserRole(id: string, role: Role): Promise<void> {
  await unwrap(api.POST('/api/admin/users/{id}/role', { params: { path: { id } }, body: { role } }));
}

export type Suspension = components['schemas']['Suspension'];
export type AdminAction = components['schemas']['AdminAction'];

/** POST /api/admin/users/{id}/suspension (decision 0223): for `days` days, or until lifted (null). */
export function suspendUser(id: string, body: { days: number | null; reason: string }): Promise<Suspension> {
  return unwrap(api.POST('/api/admin/users/{id}/suspension', { params: { path: { id } }, body }));
}

/** DELETE /api/admin/users/{id}/suspension: lifts the suspension that stands. */
export function liftSuspension(id: string): Promise<Suspension> {
  return unwrap(api.DELETE('/api/admin/users/{id}/suspension', { params: { path: { id } } }));
}

/** GET /api/admin/actions: the admin actions log (decision 0224: suspensions and lifts), newest first. */
export async function listAdminActions(limit: number, offset: number): Promise<Page<AdminAction>> {
  const call = api.GET('/api/admin/actions', { params: { query: { limit, offset } } });
  const items = await unwrap(call);
  const { total } = pageOf(items, (await call).response);
  return { items, total };
}
