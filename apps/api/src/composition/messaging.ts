import { type Container, ContainerModule } from 'inversify';
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
import { TOKENS } from './tokens.ts';

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

/** Notifications, messages and mail: their use cases, built from the ports bound in container.ts. */
export const messagingBindings = new ContainerModule(({ bind }) => {
  const { Users, Ids, Clock: Time, Events } = TOKENS;
  const { RealtimePort: Rt, Notifications: Notes, Messages: Msgs, MailOutbox: Outbox } = TOKENS;
  const {
    EmailAudience: Audience,
    Mailer: Mail,
    UnsubscribeTokens: Tokens,
    EmailSettings: MailSettings,
  } = TOKENS;
  bind(Notify).toResolvedValue(
    (n, r, i, c) => new Notify({ notifications: n, realtime: r, ids: i, clock: c }),
    [Notes, Rt, Ids, Time],
  );
  bind(NotifyOnEvent).toResolvedValue((n) => new NotifyOnEvent({ notify: n }), [Notify]);
  bind(SendSystemNotification).toResolvedValue((n) => new SendSystemNotification({ notify: n }), [Notify]);
  bind(ListNotifications).toResolvedValue((n) => new ListNotifications({ notifications: n }), [Notes]);
  bind(CountUnreadNotifications).toResolvedValue(
    (n) => new CountUnreadNotifications({ notifications: n }),
    [Notes],
  );
  bind(MarkNotificationRead).toResolvedValue((n) => new MarkNotificationRead({ notifications: n }), [Notes]);
  bind(MarkAllNotificationsRead).toResolvedValue(
    (n) => new MarkAllNotificationsRead({ notifications: n }),
    [Notes],
  );
  bind(SendMessage).toResolvedValue(
    (u, m, e, r, i, c) =>
      new SendMessage({ users: u, messages: m, events: e, realtime: r, ids: i, clock: c }),
    [Users, Msgs, Events, Rt, Ids, Time],
  );
  bind(GetConversation).toResolvedValue((m) => new GetConversation({ messages: m }), [Msgs]);
  bind(GetConversationStatus).toResolvedValue((u) => new GetConversationStatus({ users: u }), [Users]);
  bind(MarkConversationRead).toResolvedValue((m) => new MarkConversationRead({ messages: m }), [Msgs]);
  bind(EmailOnEvent).toResolvedValue(
    (a, u, o, t, s, c) =>
      new EmailOnEvent({ audience: a, users: u, outbox: o, tokens: t, settings: s, clock: c }),
    [Audience, Users, Outbox, Tokens, MailSettings, Time],
  );
  bind(RemindUnreadMessages).toResolvedValue(
    (a, t, s, c) => new RemindUnreadMessages({ audience: a, tokens: t, settings: s, clock: c }),
    [Audience, Tokens, MailSettings, Time],
  );
  bind(SendSavedSearchDigests).toResolvedValue(
    (a, t, s, c) => new SendSavedSearchDigests({ audience: a, tokens: t, settings: s, clock: c }),
    [Audience, Tokens, MailSettings, Time],
  );
  bind(DeliverOutbox).toResolvedValue(
    (o, m, s, c) => new DeliverOutbox({ outbox: o, mailer: m, settings: s, clock: c }),
    [Outbox, Mail, MailSettings, Time],
  );
  bind(Unsubscribe).toResolvedValue(
    (t, u, c) => new Unsubscribe({ tokens: t, users: u, clock: c }),
    [Tokens, Users, Time],
  );
});
