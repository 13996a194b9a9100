import type { ServiceIdentifier } from 'inversify';
import type { OutboxEventPublisher } from '#adapters/persistence/sql-event-outbox.ts';
import type { InProcessSocketHub } from '#adapters/realtime/in-process-socket-hub.ts';
import type { PasswordHasher, SessionStore, UserRepository } from '#application/accounts/ports.ts';
import type { BidQuery } from '#application/bids/ports.ts';
import type {
  EmailAudience,
  EmailSettings,
  Mailer,
  MailOutbox,
  UnsubscribeTokens,
} from '#application/email/ports.ts';
import type { MessageRepository } from '#application/messages/ports.ts';
import type { NotificationRepository } from '#application/notifications/ports.ts';
import type { ProjectQuery } from '#application/projects/ports.ts';
import type { RealtimePort } from '#application/realtime/ports.ts';
import type { FileStorage, PlatformSettings, UnitOfWork } from '#application/shared/marketplace-ports.ts';
import type { Clock, IdGenerator } from '#application/shared/ports.ts';
import type { StatsQuery } from '#application/stats/ports.ts';
import { HTTP_TOKENS } from '../http/tokens.ts';

/** Identifiers for ports; use cases are bound under their own class. */
export const TOKENS = {
  Clock: Symbol('Clock') as ServiceIdentifier<Clock>,
  Ids: Symbol('IdGenerator') as ServiceIdentifier<IdGenerator>,
  PasswordHasher: Symbol('PasswordHasher') as ServiceIdentifier<PasswordHasher>,
  Users: Symbol('UserRepository') as ServiceIdentifier<UserRepository>,
  Sessions: Symbol('SessionStore') as ServiceIdentifier<SessionStore>,
  Realtime: Symbol('RealtimePort') as ServiceIdentifier<InProcessSocketHub>,
  UnitOfWork: Symbol('UnitOfWork') as ServiceIdentifier<UnitOfWork>,
  Events: Symbol('EventPublisher') as ServiceIdentifier<OutboxEventPublisher>,
  Files: Symbol('FileStorage') as ServiceIdentifier<FileStorage>,
  ProjectQuery: Symbol('ProjectQuery') as ServiceIdentifier<ProjectQuery>,
  BidQuery: Symbol('BidQuery') as ServiceIdentifier<BidQuery>,
  StatsQuery: Symbol('StatsQuery') as ServiceIdentifier<StatsQuery>,
  Settings: HTTP_TOKENS.Settings as ServiceIdentifier<PlatformSettings>,
  /** Delivery to users' sockets on any API process (Realtime above is this process's sockets). */
  RealtimePort: Symbol('RealtimePort.delivery') as ServiceIdentifier<RealtimePort>,
  Notifications: Symbol('NotificationRepository') as ServiceIdentifier<NotificationRepository>,
  Messages: Symbol('MessageRepository') as ServiceIdentifier<MessageRepository>,
  MailOutbox: Symbol('MailOutbox') as ServiceIdentifier<MailOutbox>,
  EmailAudience: Symbol('EmailAudience') as ServiceIdentifier<EmailAudience>,
  Mailer: Symbol('Mailer') as ServiceIdentifier<Mailer>,
  UnsubscribeTokens: Symbol('UnsubscribeTokens') as ServiceIdentifier<UnsubscribeTokens>,
  EmailSettings: Symbol('EmailSettings') as ServiceIdentifier<EmailSettings>,
};
