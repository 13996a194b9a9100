import type { ServiceIdentifier } from 'inversify';
import type { SqlOAuthModels } from '#adapters/persistence/oauth-models.ts';
import type { OutboxEventPublisher } from '#adapters/persistence/sql-event-outbox.ts';
import type { InProcessSocketHub } from '#adapters/realtime/in-process-socket-hub.ts';
import type {
  AccessTokenRepository,
  AccessTokenSecrets,
  CredentialRateLimiter,
} from '#application/access-tokens/ports.ts';
import type { AccountLinks, SignInGuards } from '#application/accounts/index.ts';
import type {
  AccountExport,
  AccountTokens,
  PasswordHasher,
  PasswordResets,
  SessionStore,
  SignedInUsers,
  UserRepository,
  UserSessions,
} from '#application/accounts/ports.ts';
import type { AdminQuery } from '#application/admin/ports.ts';
import type { BidQuery } from '#application/bids/ports.ts';
import type {
  EmailAudience,
  EmailSettings,
  Mailer,
  MailOutbox,
  UnsubscribeTokens,
} from '#application/email/ports.ts';
import type { ProjectEngagement } from '#application/engagement/ports.ts';
import type { LandingQuery } from '#application/landing/ports.ts';
import type { MessageRepository } from '#application/messages/ports.ts';
import type { NotificationRepository } from '#application/notifications/ports.ts';
import type { OAuthAppRepository, OAuthClientSecrets } from '#application/oauth-apps/ports.ts';
import type { ProjectQuery, SearchVocabulary } from '#application/projects/ports.ts';
import type { RealtimePort } from '#application/realtime/ports.ts';
import type { ReviewQuery } from '#application/reviews/ports.ts';
import type {
  BlockQuery,
  HiddenContent,
  ModerationQuery,
  SuspensionQuery,
} from '#application/safety/ports.ts';
import type { SavedSearchRepository } from '#application/saved-searches/ports.ts';
import type { FileStorage, PlatformSettings, UnitOfWork } from '#application/shared/marketplace-ports.ts';
import type { Clock, IdGenerator } from '#application/shared/ports.ts';
import type { StatsQuery } from '#application/stats/ports.ts';
import type { SandboxCardPayments } from '#application/subscription/ports.ts';
import type {
  WebhookAddressGuard,
  WebhookDeliveryRepository,
  WebhookEndpointRepository,
  WebhookMarketplace,
  WebhookSettings,
  WebhookSigning,
  WebhookTransport,
} from '#application/webhooks/ports.ts';
import { HTTP_TOKENS } from '../http/tokens.ts';

const port = <T>(name: string) => Symbol(name) as ServiceIdentifier<T>;

/**
 * Identifiers of the ports: the composition root (container.ts) binds every one of them to an adapter;
 * use cases are bound under their own class by the context modules.
 */
export const TOKENS = {
  Clock: port<Clock>('Clock'),
  Ids: port<IdGenerator>('IdGenerator'),
  PasswordHasher: port<PasswordHasher>('PasswordHasher'),
  Users: port<UserRepository>('UserRepository'),
  Sessions: port<SessionStore & UserSessions>('SessionStore'),
  /** Every signed-in request: the session and its user in one statement (or from the caches). */
  SignedInUsers: port<SignedInUsers>('SignedInUsers'),
  /** Failed sign-ins per account and client, per account from unknown browsers (decision 0191). */
  SignInGuards: port<SignInGuards>('SignInGuards'),
  PasswordResets: port<PasswordResets>('PasswordResets'),
  /** Personal access tokens, their secrets and each credential's request budget (decision 0211). */
  AccessTokens: port<AccessTokenRepository>('AccessTokenRepository'),
  AccessTokenSecrets: port<AccessTokenSecrets>('AccessTokenSecrets'),
  CredentialRateLimits: port<CredentialRateLimiter>('CredentialRateLimiter'),
  AccountTokens: port<AccountTokens>('AccountTokens'),
  AccountExport: port<AccountExport>('AccountExport'),
  AccountLinks: port<AccountLinks>('AccountLinks'),
  AdminQuery: port<AdminQuery>('AdminQuery'),
  Realtime: port<InProcessSocketHub>('RealtimePort'),
  UnitOfWork: port<UnitOfWork>('UnitOfWork'),
  Events: port<OutboxEventPublisher>('EventPublisher'),
  Files: port<FileStorage>('FileStorage'),
  ProjectQuery: port<ProjectQuery>('ProjectQuery'),
  SearchVocabulary: port<SearchVocabulary>('SearchVocabulary'),
  BidQuery: port<BidQuery>('BidQuery'),
  StatsQuery: port<StatsQuery>('StatsQuery'),
  Engagement: port<ProjectEngagement>('ProjectEngagement'),
  LandingQuery: port<LandingQuery>('LandingQuery'),
  ReviewQuery: port<ReviewQuery>('ReviewQuery'),
  SavedSearches: port<SavedSearchRepository>('SavedSearchRepository'),
  Settings: HTTP_TOKENS.Settings as ServiceIdentifier<PlatformSettings>,
  /** Delivery to users' sockets on any API process (Realtime above is this process's sockets). */
  RealtimePort: port<RealtimePort>('RealtimePort.delivery'),
  Notifications: port<NotificationRepository>('NotificationRepository'),
  Messages: port<MessageRepository>('MessageRepository'),
  /** Who blocked whom (decision 0220), read by messages and the profile's list. */
  Blocks: port<BlockQuery>('BlockQuery'),
  /** Standing suspensions (decision 0223), read by sign-in, the project page and the admin's users table. */
  Suspensions: port<SuspensionQuery>('SuspensionQuery'),
  /** The moderation queue's read side (decision 0221). */
  Moderation: port<ModerationQuery>('ModerationQuery'),
  /** Which content is hidden (decision 0221), read by every read path of that content. */
  HiddenContent: port<HiddenContent>('HiddenContent'),
  MailOutbox: port<MailOutbox>('MailOutbox'),
  EmailAudience: port<EmailAudience>('EmailAudience'),
  Mailer: port<Mailer>('Mailer'),
  UnsubscribeTokens: port<UnsubscribeTokens>('UnsubscribeTokens'),
  EmailSettings: port<EmailSettings>('EmailSettings'),
  /** The sandbox gateway's test-card form, or null with Stripe (decision 0006). */
  SandboxPayments: port<SandboxCardPayments | null>('SandboxCardPayments'),
  /** Webhook endpoints, their durable deliveries, signing, the SSRF guard and the HTTP delivery (decision 0212). */
  WebhookEndpoints: port<WebhookEndpointRepository>('WebhookEndpointRepository'),
  WebhookDeliveries: port<WebhookDeliveryRepository>('WebhookDeliveryRepository'),
  WebhookMarketplace: port<WebhookMarketplace>('WebhookMarketplace'),
  WebhookSigning: port<WebhookSigning>('WebhookSigning'),
  WebhookGuard: port<WebhookAddressGuard>('WebhookAddressGuard'),
  WebhookTransport: port<WebhookTransport>('WebhookTransport'),
  WebhookSettings: port<WebhookSettings>('WebhookSettings'),
  /** OAuth apps, the provider's stored models (grants, codes, tokens) and the apps' secrets (decision 0213). */
  OAuthApps: port<OAuthAppRepository>('OAuthAppRepository'),
  OAuthModels: port<SqlOAuthModels>('SqlOAuthModels'),
  OAuthClientSecrets: port<OAuthClientSecrets>('OAuthClientSecrets'),
  /** The authorization server's issuer (PUBLIC_URL), its keys' secret, and whether loopback redirects are allowed. */
  OAuthSettings: port<{ issuer: string; secret: Buffer; loopbackRedirects: boolean }>('OAuthSettings'),
  /** Each app's budget of /oauth/token requests, by client_id (decision 0213). */
  OAuthTokenRateLimits: port<CredentialRateLimiter>('OAuthTokenRateLimiter'),
};
