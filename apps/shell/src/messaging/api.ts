/** The message calls (accounts-and-shell section 7), and the project a thread is about, through the typed client. */

import type { components } from '@buildbid/api-client';
import { unwrap } from '@buildbid/api-client';
import type { ReportReason } from '@buildbid/domain/safety';
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

export type ConversationStatus = components['schemas']['ConversationStatus'];

/**
 * Whether the conversation takes new messages: closed once the other user deleted their account (decision
 * 0193), or while either blocked the other (decision 0220; `blockedByMe`: the caller did).
 */
export async function conversationStatus(otherUserId: string): Promise<ConversationStatus> {
  return unwrap(api.GET('/api/messages/status', { params: { query: { otherUserId } } }));
}

/** Marks what the other user sent you in this conversation read (the dialog calls it when it opens). */
export async function markConversationRead(otherUserId: string, projectId?: string | null): Promise<void> {
  await unwrap(api.POST('/api/messages/read', { body: { otherUserId, projectId: projectId ?? null } }));
}

/**
 * The title of the project a conversation is about, for the dialog's title when it was opened without
 * one (from a notification): GET /api/projects/{id}.
 */
export async function projectTitle(projectId: string): Promise<string> {
  const project = await unwrap(api.GET('/api/projects/{id}', { params: { path: { id: projectId } } }));
  return project.title;
}

/**
 * Blocks the other person (decision 0220): neither can message the other, they cannot bid on your projects,
 * and their pending bids there are declined. They are not told.
 */
export async function blockUser(userId: string): Promise<void> {
  await unwrap(api.PUT('/api/users/me/blocks/{userId}', { params: { path: { userId } } }));
}

/** POST /api/reports (decision 0221): reports one of the other person's messages to BuildBid's moderators. */
export async function reportMessage(
  messageId: string,
  report: { reason: ReportReason; details: string | null },
): Promise<void> {
  await unwrap(api.POST('/api/reports', { body: { targetType: 'message', targetId: messageId, ...report } }));
}

/** The messages the caller reported that wait for a moderator's decision (they show 'Reported'). */
export async function reportedMessageIds(): Promise<Set<string>> {
  const mine = await unwrap(
    api.GET('/api/users/me/reports', { params: { query: { targetType: 'message' } } }),
  );
  return new Set(mine.map((r) => r.targetId));
}
