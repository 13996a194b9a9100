/** The admin calls (accounts-and-shell section 7, docs/security.md) through the typed client. Admin only. */

import type { components, paths } from '@buildbid/api-client';
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

// ---- The moderation queue (decision 0221) ----------------------------------------------------------------

export type QueueItem = components['schemas']['ModerationQueueItem'];
export type ModerationItem = components['schemas']['ModerationItem'];
export type ModerationAction = components['schemas']['ModerationAction'];
export type Decision =
  paths['/api/admin/moderation/items/{targetType}/{targetId}/decision']['post']['requestBody']['content']['application/json'];
export type TargetType = QueueItem['targetType'];

const itemPath = (targetType: TargetType, targetId: string) => ({
  params: { path: { targetType, targetId } },
});

/** GET /api/admin/moderation/queue: items with open reports, the longest waiting first. */
export async function listModerationQueue(limit: number, offset: number): Promise<Page<QueueItem>> {
  const call = api.GET('/api/admin/moderation/queue', { params: { query: { limit, offset } } });
  const items = await unwrap(call);
  const { total } = pageOf(items, (await call).response);
  return { items, total };
}

/** GET /api/admin/moderation/items/{targetType}/{targetId}: the item, its reports and its context. */
export function getModerationItem(targetType: TargetType, targetId: string): Promise<ModerationItem> {
  return unwrap(
    api.GET('/api/admin/moderation/items/{targetType}/{targetId}', itemPath(targetType, targetId)),
  );
}

/** PUT …/claim: the admin takes the item; no other admin acts on it until released or decided. */
export async function claimItem(targetType: TargetType, targetId: string): Promise<void> {
  await unwrap(
    api.PUT('/api/admin/moderation/items/{targetType}/{targetId}/claim', itemPath(targetType, targetId)),
  );
}

/** DELETE …/claim: gives the item back to the queue. */
export async function releaseItem(targetType: TargetType, targetId: string): Promise<void> {
  await unwrap(
    api.DELETE('/api/admin/moderation/items/{targetType}/{targetId}/claim', itemPath(targetType, targetId)),
  );
}

/** POST …/decision: dismiss, hide or warn; closes every open report on the item. */
export function decideItem(
  targetType: TargetType,
  targetId: string,
  decision: Decision,
): Promise<{ outcome: string; closedReportIds: string[] }> {
  return unwrap(
    api.POST('/api/admin/moderation/items/{targetType}/{targetId}/decision', {
      ...itemPath(targetType, targetId),
      body: decision,
    }),
  );
}

/** GET /api/admin/moderation/actions: the moderation log, newest first. */
export async function listModerationActions(limit: number, offset: number): Promise<Page<ModerationAction>> {
  const call = api.GET('/api/admin/moderation/actions', { params: { query: { limit, offset } } });
  const items = await unwrap(call);
  const { total } = pageOf(items, (await call).response);
  return { items, total };
}
