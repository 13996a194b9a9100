import { join } from 'node:path';
import { type MikroORM, RequestContext } from '@mikro-orm/core';
import { Container, type ServiceIdentifier } from 'inversify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { CacheInvalidationBus } from '#adapters/caching/cache-invalidation.ts';
import { CachingProjectQuery } from '#adapters/caching/caching-project-query.ts';
import { CachingSessionStore } from '#adapters/caching/caching-session-store.ts';
import { CachingSignedInUsers } from '#adapters/caching/caching-signed-in-users.ts';
import { UserReadCache } from '#adapters/caching/user-read-cache.ts';
import { FileOutboxMailer, SmtpMailer } from '#adapters/email/mailers.ts';
import { RandomClientSecrets } from '#adapters/oauth/credentials.ts';
import { SandboxPaymentGateway } from '#adapters/payments/sandbox-payment-gateway.ts';
import { startEmbeddedPostgres } from '#adapters/persistence/embedded-postgres.ts';
import { SqlBidQuery, SqlProjectQuery, SqlStatsQuery } from '#adapters/persistence/marketplace-queries.ts';
import { MikroOrmSubscriptionUnitOfWork } from '#adapters/persistence/mikro-orm-payment-records.ts';
import { MikroOrmSessionStore } from '#adapters/persistence/mikro-orm-session-store.ts';
import { MikroOrmUnitOfWork } from '#adapters/persistence/mikro-orm-unit-of-work.ts';
import { MikroOrmUserRepository } from '#adapters/persistence/mikro-orm-user-repository.ts';
import { SqlOAuthApps } from '#adapters/persistence/oauth-apps.ts';
import { SqlOAuthModels } from '#adapters/persistence/oauth-models.ts';
import { closeOrm, createOrm, migrate } from '#adapters/persistence/orm.ts';
import { SqlAccessTokens } from '#adapters/persistence/sql-access-tokens.ts';
import { SqlAccountExport, SqlPasswordResets } from '#adapters/persistence/sql-account-lifecycle.ts';
import { SqlAdminQuery } from '#adapters/persistence/sql-admin.ts';
import { SqlBlocks } from '#adapters/persistence/sql-blocks.ts';
import { SqlProjectEngagement } from '#adapters/persistence/sql-engagement.ts';
import { OutboxEventPublisher, SqlEventOutboxStore } from '#adapters/persistence/sql-event-outbox.ts';
import { SqlIdempotencyStore } from '#adapters/persistence/sql-idempotency.ts';
import { SqlLandingQuery, SqlReviewQuery } from '#adapters/persistence/sql-landing.ts';
import { SqlEmailAudience, SqlMailOutbox } from '#adapters/persistence/sql-mail-outbox.ts';
import { SqlMessageRepository } from '#adapters/persistence/sql-message-repository.ts';
import { SqlModerationQuery } from '#adapters/persistence/sql-moderation.ts';
import { SqlNotificationRepository } from '#adapters/persistence/sql-notification-repository.ts';
import { SqlSavedSearches } from '#adapters/persistence/sql-saved-searches.ts';
import { SqlSearchVocabulary } from '#adapters/persistence/sql-search-vocabulary.ts';
import { SqlSuspensions } from '#adapters/persistence/sql-suspensions.ts';
import { ViewBatch } from '#adapters/persistence/view-batch.ts';
import { SqlWebhookDeliveries } from '#adapters/persistence/webhook-deliveries.ts';
import { SqlWebhookEndpoints, SqlWebhookMarketplace } from '#adapters/persistence/webhook-endpoints.ts';
import { InProcessSocketHub } from '#adapters/realtime/in-process-socket-hub.ts';
import { PgNotifyRealtime } from '#adapters/realtime/pg-notify-realtime.ts';
import { RandomAccessTokenSecrets } from '#adapters/security/access-token-secrets.ts';
import {
  MemoryCredentialRateLimiter,
  RedisCredentialRateLimiter,
} from '#adapters/security/credential-rate-limits.ts';
import { HmacAccountTokens } from '#adapters/security/hmac-account-tokens.ts';
import { HmacDeviceCookies } from '#adapters/security/hmac-device-cookies.ts';
import { HmacUnsubscribeTokens } from '#adapters/security/hmac-unsubscribe-tokens.ts';
import { MemorySignInThrottle } from '#adapters/security/memory-sign-in-throttle.ts';
import { RedisSignInThrottle } from '#adapters/security/redis-sign-in-throttle.ts';
import { ScryptPasswordHasher } from '#adapters/security/scrypt-password-hasher.ts';
import { DiskFileStorage } from '#adapters/storage/disk-file-storage.ts';
import { createS3Client, S3FileStorage } from '#adapters/storage/s3-file-storage.ts';
import { ThumbnailingFileStorage } from '#adapters/storage/thumbnailing-file-storage.ts';
import type { BackgroundLoop } from '#adapters/system/background-loop.ts';
import { SystemClock, UuidGenerator } from '#adapters/system/system.ts';
import { HttpWebhookTransport } from '#adapters/webhooks/http-delivery.ts';
import { HmacWebhookSigning } from '#adapters/webhooks/signer.ts';
import { SsrfGuard } from '#adapters/webhooks/ssrf-guard.ts';
import type { Clock } from '#application/shared/ports.ts';
import { DEFAULT_PLATFORM_TIME_ZONE } from '#domain/shared/time-zone.ts';
import { DELIVERY_TIMEOUT_MS } from '#domain/webhook/delivery.ts';
import { allUseCasesIn, CONTEXTS, type HttpPorts, httpPortsOf, type UseCases } from './composition/index.ts';
import { TOKENS } from './composition/tokens.ts';
import { startWorkers, workers } from './composition/workers.ts';
import type { Config } from './config.ts';
import { HTTP_TOKENS } from './http/tokens.ts';
import { PAYMENT_TOKENS, paymentGateway } from './payments.ts';

export { TOKENS } from './composition/tokens.ts';

export interface Composition {
  container: Container;
  orm: MikroORM;
  /** Where the database lives, for the start banner (the embedded one's URL or the configured one). */
  databaseUrl: string;
  embedded: boolean;
  /** Runs `work` in its own MikroORM context (one identity map), as each HTTP request does. */
  inContext<T>(work: () => Promise<T>): Promise<T>;
  /** The same, for a callback-style hook (Fastify's onRequest). */
  requestContext(next: () => void): void;
  /** For the seed, the CLI and tests: any binding. The HTTP layer gets `useCases` and `http` only. */
  get<T>(id: ServiceIdentifier<T>): T;
  /** Every context's use cases by name (apps/api/src/composition/), resolved once at start. */
  useCases: UseCases;
  /** The ports the HTTP layer uses itself (files, settings, idempotency keys, time, sockets). */
  http: HttpPorts;
  /** Throws when the database cannot answer. */
  checkDatabase(): Promise<void>;
  /** Called after every successful write request: drops read caches so the writer reads its writes. */
  afterWrite(): void;
  /** The shared rate-limit store, when REDIS_URL is set. */
  redis?: Redis;
  /** Which real-time adapter delivers: PostgreSQL LISTEN/NOTIFY or this process only. */
  realtime: 'postgres' | 'memory';
  /** Resolves once the background work started by earlier requests (saved-search alerts) is done. */
  settled(): Promise<void>;
  /**
   * The background workers: the mail outbox, the unread-message reminders, the saved-search digests, the
   * webhook deliveries (decision 0212), the event relay, and the sent mails' retention (decision 0194).
   */
  workers: {
    mail: BackgroundLoop;
    mailRetention: BackgroundLoop;
    unreadReminders: BackgroundLoop;
    digests: BackgroundLoop;
    webhooks: BackgroundLoop;
    events: BackgroundLoop;
    oauthSweep: BackgroundLoop;
  };
  close(): Promise<void>;
}

export interface ComposeOptions {
  /** scrypt cost; tests lower it to keep the suite fast. */
  passwordHashCost?: number;
  /** Run pending migrations at start (default true). */
  migrate?: boolean;
  /** The clock every use case reads (default the system's); tests move time instead of sleeping. */
  clock?: Clock;
}

/** Uploads on this machine's disk (DATA_DIR/uploads), or in an S3-compatible bucket shared by every instance. */
function fileStorage(config: Config): DiskFileStorage | S3FileStorage {
  const onRemoveError = (name: string, error: unknown) =>
    console.error(`could not remove upload ${name}:`, error);
  if (config.storage.kind === 's3') {
    const { kind: _, prefix, ...settings } = config.storage;
    return new S3FileStorage({
      client: createS3Client({ ...settings, prefix }),
      bucket: settings.bucket,
      prefix,
      onRemoveError,
    });
  }
  return new DiskFileStorage({ directory: join(config.dataDir, 'uploads'), onRemoveError });
}

/** Binds each identifier of a table to its value: the value object must name every one, typed. */
function bindAll<T extends Record<string, ServiceIdentifier>>(
  container: Container,
  tokens: T,
  values: { [K in keyof T]: T[K] extends ServiceIdentifier<infer V> ? V : never },
): void {
  for (const [name, token] of Object.entries(tokens)) container.bind(token).toConstantValue(values[name]);
}

/**
 * The composition root: the one place that picks adapters. An unset DATABASE_URL starts the
 * embedded PostgreSQL under DATA_DIR; a set one connects to that server.
 */
export async function compose(config: Config, options: ComposeOptions = {}): Promise<Composition> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: join(config.dataDir, 'pgdata'), port: config.embeddedDbPort });
  const databaseUrl = config.databaseUrl ?? (embedded as { url: string }).url;
  let orm: MikroORM;
  try {
    // Migrations may take long: they run on their own pool without the request timeouts.
    if (options.migrate !== false) {
      const migrator = await createOrm({ clientUrl: databaseUrl, poolSize: 2 });
      try {
        await migrate(migrator);
      } finally {
        await closeOrm(migrator);
      }
    }
    orm = await createOrm({
      clientUrl: databaseUrl,
      acquireTimeoutMs: config.dbAcquireTimeoutMs,
      statementTimeoutMs: config.dbStatementTimeoutMs,
    });
  } catch (error) {
    await embedded?.stop();
    throw error;
  }

  const clock = options.clock ?? new SystemClock();
  const log = pino({ level: config.logLevel, base: { component: 'background' } });
  const [versionRow] = await orm.em
    .getConnection()
    .execute<{ version: string }[]>('select version() as version');
  const onPglite = Boolean(embedded) || Boolean(versionRow?.version.includes('PGlite'));

  // Several API instances on one PostgreSQL tell each other what to drop from their read caches
  // (LISTEN/NOTIFY); on the embedded database there is only this process.
  const invalidation = onPglite
    ? CacheInvalidationBus.local(log)
    : await CacheInvalidationBus.overPostgres(databaseUrl, log);
  const userCache = new UserReadCache({
    ttlMs: config.userCacheMs,
    onInvalidated: (id) => invalidation.announce({ c: 'user', id }),
  });
  const sessionTable = new MikroOrmSessionStore(orm.em);
  const sessionStore = new CachingSessionStore(sessionTable, {
    ttlMs: config.sessionCacheMs,
    onRevoked: (id) => invalidation.announce({ c: 'session', id }),
  });
  const hub = new InProcessSocketHub();
  const credentialBudget = { limit: config.apiRateLimitPerMinute, windowMs: 60_000 };
  const oauthTokenBudget = { limit: config.oauthTokenRateLimitPerMinute, windowMs: 60_000 };
  // Rate limits shared by every instance. A short connect timeout and one retry: an unreachable Redis
  // must not hold requests up (the limiter then lets requests through; docs/deploy.md).
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  redis?.on('error', (error) => log.warn({ err: error }, 'redis (rate limits) unreachable'));
  // Failed sign-ins per account and client, and per account from unknown browsers (decision 0191):
  // shared through Redis when there is one, so every instance counts alike.
  const signInThrottle = (freeAttempts: number, prefix: string) =>
    redis
      ? new RedisSignInThrottle(redis, { freeAttempts }, prefix)
      : new MemorySignInThrottle({ freeAttempts });

  // Real-time: LISTEN/NOTIFY across processes on a real PostgreSQL. PGlite's socket server hands a
  // NOTIFY to the connection that sent it, not to the listeners, so the embedded database (one process
  // anyway) always delivers in process (docs/realtime.md).
  let pgRealtime: PgNotifyRealtime | undefined;
  if (config.realtime === 'postgres') {
    if (onPglite) {
      log.warn('REALTIME=postgres is not supported on PGlite (embedded): delivering in process');
    } else {
      pgRealtime = new PgNotifyRealtime({ connectionString: databaseUrl, hub, log });
      await pgRealtime.start();
    }
  }

  // Page views are written in batches, once a second, off the request (decision 0218).
  const views = new ViewBatch(orm.em, {
    intervalMs: config.viewBatchMs,
    onError: (error) => log.warn({ err: error }, 'writing the batched page views failed; retrying'),
  }).start();
  const projectQuery = new CachingProjectQuery(new SqlProjectQuery(orm.em), {
    ttlMs: config.projectListCacheMs,
  });
  invalidation.attach({ projects: projectQuery, sessions: sessionStore, users: userCache });
  const moderation = new SqlModerationQuery(orm.em);
  // Events reach their subscribers from the transactional outbox (decision 0142).
  const events = new OutboxEventPublisher(
    new SqlEventOutboxStore(orm.em, { graceMs: config.outboxGraceMs, leaseMs: config.outboxLeaseMs }),
    (error, event) => log.error({ err: error, event: event?.type }, 'event delivery failed'),
  );
  // Thumbnails (docs/api.md) are derived copies kept on the local disk, whichever store holds the originals.
  const files = new ThumbnailingFileStorage(fileStorage(config), join(config.dataDir, 'thumbnails'));
  const settings = { timeZone: DEFAULT_PLATFORM_TIME_ZONE };
  const smtp = config.smtpUrl ? new SmtpMailer({ url: config.smtpUrl, from: config.mailFrom }) : undefined;
  const gateway = paymentGateway(config, clock);
  // One guard checks an endpoint's URL when it is saved and its addresses when a delivery connects.
  const webhookGuard = new SsrfGuard({ mode: config.webhookMode });

  // Every port, bound to its adapter; the contexts' modules bind the use cases that take them.
  const container = new Container({ defaultScope: 'Singleton' });
  bindAll(container, TOKENS, {
    Clock: clock,
    Ids: new UuidGenerator(),
    PasswordHasher: new ScryptPasswordHasher(options.passwordHashCost),
    Users: new MikroOrmUserRepository(orm.em, { cache: userCache }),
    Sessions: sessionStore,
    SignedInUsers: new CachingSignedInUsers(
      (sid, now) => sessionTable.findWithUser(sid, now),
      sessionStore,
      userCache,
    ),
    SignInGuards: {
      perClient: signInThrottle(config.accountSignInFreeAttempts, 'buildbid-signin:'),
      unknownDevices: signInThrottle(config.accountSignInFreeAttemptsAnyAddress, 'buildbid-signin-any:'),
      devices: new HmacDeviceCookies(config.sessionKey),
    },
    PasswordResets: new SqlPasswordResets(orm.em),
    AccessTokens: new SqlAccessTokens(orm.em),
    AccessTokenSecrets: new RandomAccessTokenSecrets(),
    // Each token's own budget, shared by every instance through Redis (decision 0211).
    CredentialRateLimits: redis
      ? new RedisCredentialRateLimiter(redis, credentialBudget)
      : new MemoryCredentialRateLimiter(credentialBudget),
    AccountTokens: new HmacAccountTokens(config.sessionKey),
    AccountExport: new SqlAccountExport(orm.em),
    AccountLinks: { publicUrl: config.publicUrl },
    AdminQuery: new SqlAdminQuery(orm.em),
    Realtime: hub,
    RealtimePort: pgRealtime ?? hub,
    UnitOfWork: new MikroOrmUnitOfWork(orm.em, { userCache, events }),
    Events: events,
    Files: files,
    ProjectQuery: projectQuery,
    SearchVocabulary: new SqlSearchVocabulary(orm.em),
    BidQuery: new SqlBidQuery(orm.em),
    StatsQuery: new SqlStatsQuery(orm.em),
    // Views, saves and the landing page (decisions 0120 and 0122); saved searches (decision 0133).
    Engagement: new SqlProjectEngagement(orm.em, views),
    LandingQuery: new SqlLandingQuery(orm.em),
    ReviewQuery: new SqlReviewQuery(orm.em),
    SavedSearches: new SqlSavedSearches(orm.em),
    Settings: settings,
    Notifications: new SqlNotificationRepository(orm.em),
    Messages: new SqlMessageRepository(orm.em),
    Blocks: new SqlBlocks(orm.em),
    Suspensions: new SqlSuspensions(orm.em),
    Moderation: moderation,
    HiddenContent: moderation,
    MailOutbox: new SqlMailOutbox(orm.em),
    EmailAudience: new SqlEmailAudience(orm.em),
    Mailer:
      smtp ??
      new FileOutboxMailer({
        directory: join(config.dataDir, 'outbox'),
        from: config.mailFrom,
        log: (line) => log.info(line),
      }),
    UnsubscribeTokens: new HmacUnsubscribeTokens(config.sessionKey),
    EmailSettings: {
      publicUrl: config.publicUrl,
      retryBaseMs: config.mailRetryBaseMs,
      retryMaxMs: config.mailRetryMaxMs,
      leaseMs: 5 * 60_000,
      batchSize: 20,
      unreadReminderMs: 15 * 60_000,
    },
    SandboxPayments: gateway instanceof SandboxPaymentGateway ? gateway : null,
    WebhookEndpoints: new SqlWebhookEndpoints(orm.em),
    WebhookDeliveries: new SqlWebhookDeliveries(orm.em),
    WebhookMarketplace: new SqlWebhookMarketplace(orm.em),
    WebhookSigning: new HmacWebhookSigning(),
    WebhookGuard: webhookGuard,
    WebhookTransport: new HttpWebhookTransport({ guard: webhookGuard }),
    // The lease outlasts the timeout, so a delivery being attempted is never taken by another worker.
    WebhookSettings: {
      mode: config.webhookMode,
      batchSize: 20,
      leaseMs: 60_000,
      timeoutMs: DELIVERY_TIMEOUT_MS,
    },

    // OAuth apps (decision 0213): http://localhost redirect URIs outside production only.
    OAuthApps: new SqlOAuthApps(orm.em),
    OAuthModels: new SqlOAuthModels(orm.em),
    OAuthClientSecrets: new RandomClientSecrets(),
    OAuthSettings: {
      issuer: config.publicUrl,
      secret: config.sessionKey,
      loopbackRedirects: config.env !== 'production',
    },
    // Each app's own budget at the token endpoint, by client_id, shared by every instance through Redis.
    OAuthTokenRateLimits: redis
      ? new RedisCredentialRateLimiter(redis, oauthTokenBudget, 'buildbid-oauth-token-rate:')
      : new MemoryCredentialRateLimiter(oauthTokenBudget),
  });
  bindAll(container, PAYMENT_TOKENS, {
    Gateway: gateway,
    SubscriptionUow: new MikroOrmSubscriptionUnitOfWork(orm.em, { userCache, events }),
  });
  // Settings is one identifier for the use cases and the routes, bound above.
  const { Settings: _, ...httpOnly } = HTTP_TOKENS;
  bindAll(container, httpOnly, {
    Uploads: files,
    Idempotency: new SqlIdempotencyStore(orm.em),
    Clock: clock,
  });
  container.load(...CONTEXTS.map((each) => each.module), workers(config, log).module);

  // The background workers and the event subscribers that wake them (apps/api/src/composition/workers.ts).
  const started = startWorkers(container, { config, log });

  return {
    container,
    orm,
    databaseUrl,
    embedded: Boolean(embedded),
    inContext: (work) => RequestContext.create(orm.em, work),
    requestContext: (next) => RequestContext.create(orm.em, next),
    get: (id) => container.get(id),
    useCases: allUseCasesIn(container),
    http: httpPortsOf(container),
    checkDatabase: async () => {
      await orm.em.getConnection().execute('select 1');
    },
    afterWrite: () => {
      projectQuery.clear();
      invalidation.announce({ c: 'projects' });
    },
    redis,
    realtime: pgRealtime ? 'postgres' : 'memory',
    workers: started,
    // Events delivered, and the views of the last second written (decision 0218).
    settled: async () => {
      await events.settled();
      await views.flush();
    },
    close: async () => {
      // A shutdown has a deadline per step: work stuck on a database that stopped answering mid-way (a
      // network cut) must not hold the process forever. What it leaves undone stays in the outbox, and a
      // step that overruns is named in the log.
      const step = async (name: string, work: () => Promise<unknown> | undefined, ms = 5_000) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const overrun = new Promise<'overrun'>((resolve) => {
          timer = setTimeout(() => resolve('overrun'), ms);
          timer.unref();
        });
        const outcome = await Promise.race([
          Promise.resolve(work()).then(
            () => 'done' as const,
            (error: unknown) => {
              log.warn({ err: error, step: name }, 'shutdown step failed');
              return 'done' as const;
            },
          ),
          overrun,
        ]);
        clearTimeout(timer);
        if (outcome === 'overrun')
          log.warn({ step: name, ms }, 'shutdown step overran its deadline; going on');
      };
      await step('event relay', () => started.events.stop());
      await step('event delivery', () => events.drain(5_000), 6_000);
      await step('workers', () =>
        Promise.all([
          started.mail.stop(),
          started.unreadReminders.stop(),
          started.digests.stop(),
          started.mailRetention.stop(),
          started.webhooks.stop(),
          started.oauthSweep.stop(),
        ]),
      );
      await step('views', () => views.stop());
      smtp?.close();
      await step('realtime', () => pgRealtime?.close());
      await step('cache invalidation', () => invalidation.close());
      await step('redis', () => redis?.quit().catch(() => redis.disconnect()));
      hub.close();
      await step('database pool', () => closeOrm(orm));
      await step('embedded database', () => embedded?.stop(), 15_000);
    },
  };
}
