import {
  DeliverOutbox,
  EmailOnEvent,
  RemindUnreadMessages,
  SendSavedSearchDigests,
  Unsubscribe,
} from '#application/email/index.ts';
import {
  GetConversation,
  GetConversationStatus,
  MarkConversationRead,
  SendMessage,
} from '#application/messages/index.ts';
import {
  CountUnreadNotifications,
  ListNotifications,
  MarkAllNotificationsRead,
  MarkNotificationRead,
  Notify,
  NotifyOnEvent,
  SendSystemNotification,
} from '#application/notifications/index.ts';
import { context, withDeps } from './context.ts';
import { TOKENS } from './tokens.ts';

const {
  Users,
  Ids,
  Clock: Time,
  Events,
  RealtimePort: Rt,
  Notifications,
  Messages,
  Blocks,
  MailOutbox: Outbox,
} = TOKENS;
const { EmailAudience: Audience, UnsubscribeTokens: Tokens, EmailSettings: Settings } = TOKENS;
const notes = { notifications: Notifications };
const mails = { audience: Audience, tokens: Tokens, settings: Settings, clock: Time };

/** Messaging: conversations, the notification bell, mail, and unsubscribing from it. */
export const messaging = context(
  {
    sendMessage: withDeps(SendMessage, {
      users: Users,
      messages: Messages,
      blocks: Blocks,
      events: Events,
      realtime: Rt,
      ids: Ids,
      clock: Time,
    }),
    getConversation: withDeps(GetConversation, { messages: Messages, hidden: TOKENS.HiddenContent }),
    getConversationStatus: withDeps(GetConversationStatus, { users: Users, blocks: Blocks }),
    markConversationRead: withDeps(MarkConversationRead, { messages: Messages }),
    listNotifications: withDeps(ListNotifications, notes),
    countUnreadNotifications: withDeps(CountUnreadNotifications, notes),
    markNotificationRead: withDeps(MarkNotificationRead, notes),
    markAllNotificationsRead: withDeps(MarkAllNotificationsRead, notes),
    unsubscribe: withDeps(Unsubscribe, { tokens: Tokens, users: Users, clock: Time }),
  },
  // What the workers and the event subscribers run (composition/workers.ts).
  [
    withDeps(Notify, { ...notes, realtime: Rt, ids: Ids, clock: Time }),
    withDeps(NotifyOnEvent, { notify: Notify }),
    withDeps(SendSystemNotification, { notify: Notify }),
    withDeps(EmailOnEvent, { ...mails, users: Users, outbox: Outbox }),
    withDeps(RemindUnreadMessages, mails),
    withDeps(SendSavedSearchDigests, mails),
    withDeps(DeliverOutbox, { outbox: Outbox, mailer: TOKENS.Mailer, settings: Settings, clock: Time }),
  ],
);
