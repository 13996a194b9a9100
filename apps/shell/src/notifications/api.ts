/**
 * The notification calls (accounts-and-shell section 7) through the typed client, so each is checked
 * against the API's generated `paths`.
 */

import type { components } from '@buildbid/api-client';
import { unwrap } from '@buildbid/api-client';
import { api } from '../api.ts';

export type AppNotification = components['schemas']['Notification'];

export async function listNotifications(): Promise<AppNotification[]> {
  return unwrap(api.GET('/api/notifications'));
}

export async function unreadCount(): Promise<number> {
  const { count } = await unwrap(api.GET('/api/notifications/unread-count'));
  return count;
}

export async function markRead(id: string): Promise<void> {
  await unwrap(api.PATCH('/api/notifications/{id}/read', { params: { path: { id } } }));
}

export async function markAllRead(): Promise<void> {
  await unwrap(api.PATCH('/api/notifications/mark-all-read'));
}
