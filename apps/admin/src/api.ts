/** The admin calls (accounts-and-shell section 7) through the typed client. Admin only. */

import type { components } from '@buildbid/api-client';
import { createBrowserApi, unwrap } from '@buildbid/api-client';

export const api = createBrowserApi();

export type AdminUser = components['schemas']['AdminUser'];
export type AdminStats = components['schemas']['AdminStats'];
export type Role = AdminUser['role'];

export function listUsers(): Promise<AdminUser[]> {
  return unwrap(api.GET('/api/admin/users'));
}

export function getAdminStats(): Promise<AdminStats> {
  return unwrap(api.GET('/api/admin/stats'));
}

export async function setUserRole(id: string, role: Role): Promise<void> {
  await unwrap(api.POST('/api/admin/users/{id}/role', { params: { path: { id } }, body: { role } }));
}
