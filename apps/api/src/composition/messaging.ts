import type { Container } from 'inversify';
import { Unsubscribe } from '../../../../application/email/index.ts';
import {
  GetConversation,
  GetConversationStatus,
  MarkConversationRead,
  SendMessage,
} from '../../../../application/messages/index.ts';
import {
  CountUnreadNotifications,
  ListNotifications,
  MarkAllNotificationsRead,
  MarkNotificationRead,
} from '../../../../application/notifications/index.ts';

/** Messaging: conversations, the notification bell, and unsubscribing from mail. */
export function messagingUseCases(container: Container) {
  return {
    sendMessage: container.get(SendMessage),
    getConversation: container.get(GetConversation),
    getConversationStatus: container.get(GetConversationStatus),
    markConversationRead: container.get(MarkConversationRead),
    listNotifications: container.get(ListNotifications),
    countUnreadNotifications: container.get(CountUnreadNotifications),
    markNotificationRead: container.get(MarkNotificationRead),
    markAllNotificationsRead: container.get(MarkAllNotificationsRead),
    unsubscribe: container.get(Unsubscribe),
  };
}
export type MessagingUseCases = ReturnType<typeof messagingUseCases>;
