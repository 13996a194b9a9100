/** The message calls (accounts-and-shell section 7) through the typed client. */
import { unwrap } from '@buildbid/api-client';
import type { components } from '../../../../openapi/schema.d.ts';
import { api } from '../api.ts';

export type ChatMessage = components['schemas']['Message'];

export async function listMessages(otherUserId: string, projectId?: string | null): Promise<ChatMessage[]> {
  const query: { otherUserId: string; projectId?: string } = { otherUserId };
  if (projectId) query.projectId = projectId;
  return unwrap(api.GET('/api/messages', { params: { query } }));
}

export async function sendMessage(
  receiverId: string,
  projectId: string | null,
  content: string,
): Promise<void> {
  await unwrap(api.POST('/api/messages', { body: { receiverId, projectId, content, type: 'text' } }));
}
