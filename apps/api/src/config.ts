import { resolve } from 'node:path';
import type { WebhookMode } from '#domain/webhook/endpoint.ts';
import {
  developmentSessionKey,
  type Env,
  envReader,
  parseTrustProxy,
  STRIPE_KEYS,
  type StorageConfig,
  type StripeConfig,
  storageConfig,
  stripeConfig,
} from './config-sections.ts';

/** Everything the API reads from its environment, validated once at start. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Unset: an embedded PostgreSQL (PGlite) whose data lives under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * The embedded database's port on 127.0.0.1 (EMBEDDED_DB_PORT; 0: any free one). A fixed port lets the
   * admin:promote command reach the running server's embedded database.
   */
  embeddedDbPort: number;
  /** 32 bytes for @fastify/secure-session. */
  sessionKey: Buffer;
  logLevel: string;
  /** Sign-in and registration attempts per client address per minute. */
  authRateLimitPerMinute: number;
  /** Messages one signed-in session may send per minute before 429. */
  messageRateLimitPerMinute: number;
  /** Calls per client address per minute to each public, sign-in-free GET (catalog, config, probes). */
  publicRateLimitPerMinute: number;
  /** Requests per minute of each personal access token or OAuth grant, on all instances together (decision 0211). */
  apiRateLimitPerMinute: number;
  /** Requests per minute to /oauth/token naming each OAuth app (client_id), on all instances together (decision 0213). */
  oauthTokenRateLimitPerMinute: number;
  /** How long identical project-list pages are reused (0 turns the cache off); docs/decisions/0007. */
  projectListCacheMs: number;
  /** How often the page views seen since the last write are written, in one batch (decision 0218). */
  viewBatchMs: number;
  /** How long a found session is trusted without reading the session table (0: never). */
  sessionCacheMs: number;
  /** How long a user read by id is reused (writes in this process invalidate it at once; 0: never). */
  userCacheMs: number;
  /** Seed demo data into an empty database (default on outside production). */
  seedDemoData: boolean;
  /** Where the shell finds each micro-frontend's manifest; a remote moves by changing one variable. */
  remotes: Record<string, string>;
  /**
   * REMOTES_FILE: a JSON file { name: manifest URL } read again on every GET /remotes.json, whose
   * entries override `remotes`; a remote moves without restarting the API (docs/remote-teams.md).
   */
  remotesFile: string | undefined;
  /**
   * PAYMENTS_SANDBOX=true: a trial stack (docker compose up) runs on the sandbox payment gateway even
   * with NODE_ENV=production and no Stripe keys. Never set it on a real deployment.
   */
  paymentsSandbox: boolean;
  /** The folder holding the built frontends (shell at apps/shell/dist, remotes at apps/<name>/dist). */
  appsDir: string;
  /**
   * Real-time delivery across API processes: 'postgres' (LISTEN/NOTIFY; the default when DATABASE_URL
   * is set) or 'memory' (this process only; the default on the embedded database).
   */
  realtime: 'postgres' | 'memory';
  /** Set: mail goes through this SMTP server. Unset: mails are written as .eml files under DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  /** The From of every mail. */
  mailFrom: string;
  /** The site's public origin, for links in mails (unsubscribe, projects). */
  publicUrl: string;
  /**
   * Which webhook URLs may be saved and called (decision 0212): 'production' (NODE_ENV=production) takes
   * https only and refuses private addresses; otherwise also http://localhost and http://127.0.0.1.
   */
  webhookMode: WebhookMode;
  /** How often the outbox worker looks for due mails. */
  mailPollMs: number;
  /** How often the saved-search digest worker looks for digests that are due (DIGEST_POLL_MS). */
  digestPollMs: number;
  /** How often the event relay looks for outbox events nobody delivered (OUTBOX_POLL_MS). */
  outboxPollMs: number;
  /** How old an unclaimed outbox event must be before the relay delivers it (OUTBOX_GRACE_MS). */
  outboxGraceMs: number;
  /** How long a claimed outbox event is left to its deliverer before another may take it (OUTBOX_LEASE_MS). */
  outboxLeaseMs: number;
  /** First retry delay of a failed mail; doubles per attempt up to mailRetryMaxMs. */
  mailRetryBaseMs: number;
  mailRetryMaxMs: number;
  /** Stripe (all four keys set), or null: the sandbox payment gateway (outside production only). */
  stripe: StripeConfig | null;
  /**
   * Whose X-Forwarded-* headers are believed (TRUST_PROXY): false (nobody, the default) or the proxies'
   * addresses/CIDRs. A hop from any other address is the client's own claim and is ignored.
   */
  trustProxy: false | string[];
  /** Time for a client to send the request headers (HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** Time for a client to send the whole request, body included (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** A connection idle this long (no bytes either way) is closed (IDLE_TIMEOUT_MS); sockets are exempt. */
  idleTimeoutMs: number;
  /** Waiting for a pooled database connection (or a new one) longer than this answers 503 (DB_ACQUIRE_TIMEOUT_MS). */
  dbAcquireTimeoutMs: number;
  /** A statement running longer than this is cancelled and answers 503 (DB_STATEMENT_TIMEOUT_MS). */
  dbStatementTimeoutMs: number;
  /** Open sockets one session may hold at /ws (WS_MAX_PER_SESSION); the oldest is closed beyond it. */
  socketsPerSession: number;
  /**
   * Wrong passwords for one account from one client (a browser with the account's device cookie, else
   * an address) before that client is slowed down (decision 0191).
   */
  accountSignInFreeAttempts: number;
  /** Wrong passwords for one account from all browsers without its device cookie before they all slow down. */
  accountSignInFreeAttemptsAnyAddress: number;
  /** Email changes one user may make per hour. */
  emailChangesPerHour: number;
  /** Where uploads are kept: DATA_DIR/uploads on this machine, or an S3-compatible bucket (STORAGE=s3). */
  storage: StorageConfig;
  /**
   * Set: rate limits are counted in this Redis, shared by every API instance. Unset: in this process's
   * memory (one instance).
   */
  redisUrl: string | undefined;
}

export const REMOTE_NAMES = ['account', 'projects', 'bids', 'admin'] as const;

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const { whole, url } = envReader(env, problems);
  const appEnv = (env.NODE_ENV ?? 'development') as Config['env'];
  if (!['development', 'production', 'test'].includes(appEnv)) {
    problems.push(`NODE_ENV must be development, production or test (got '${env.NODE_ENV}')`);
  }

  const port = whole('PORT', 3000, 0, 65535);
  const messageRateLimitPerMinute = whole('MESSAGE_RATE_LIMIT_PER_MINUTE', 30, 1, 1_000_000);
  const projectListCacheMs = whole('PROJECT_LIST_CACHE_MS', 1000, 0, 60_000);
  const viewBatchMs = whole('VIEW_BATCH_MS', 1000, 50, 600_000);
  const sessionCacheMs = whole('SESSION_CACHE_MS', 5000, 0, 60_000);
  const userCacheMs = whole('USER_CACHE_MS', 2000, 0, 60_000);
  const publicRateLimitPerMinute = whole('PUBLIC_RATE_LIMIT_PER_MINUTE', 1200, 1, 1_000_000);
  const authRateLimitPerMinute = whole('AUTH_RATE_LIMIT_PER_MINUTE', 20, 1, 1_000_000);
  const apiRateLimitPerMinute = whole('API_RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000);
  const oauthTokenRateLimitPerMinute = whole('OAUTH_TOKEN_RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000);

  const databaseUrl = url('DATABASE_URL', /^postgres(ql)?:\/\//, 'a postgres:// URL');

  const logLevel = env.LOG_LEVEL ?? (appEnv === 'test' ? 'warn' : 'info');
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got '${logLevel}')`);
  }

  const seed = env.SEED_DEMO_DATA;
  if (seed !== undefined && !['true', 'false'].includes(seed)) {
    problems.push(`SEED_DEMO_DATA must be true or false (got '${seed}')`);
  }

  const remotes: Record<string, string> = {};
  for (const name of REMOTE_NAMES) {
    const key = `REMOTE_${name.toUpperCase()}_URL`;
    const manifest = env[key]?.trim() || `/remotes/${name}/mf-manifest.json`;
    if (!manifest.startsWith('/') && !/^https?:\/\//.test(manifest)) {
      problems.push(`${key} must be a path or an http(s) URL of an mf-manifest.json (got '${manifest}')`);
    }
    remotes[name] = manifest;
  }

  const remotesFile = env.REMOTES_FILE?.trim() ? resolve(cwd, env.REMOTES_FILE.trim()) : undefined;
  const sandboxFlag = env.PAYMENTS_SANDBOX?.trim();
  if (sandboxFlag !== undefined && sandboxFlag !== '' && !['true', 'false'].includes(sandboxFlag)) {
    problems.push(`PAYMENTS_SANDBOX must be true or false (got '${sandboxFlag}')`);
  }
  const paymentsSandbox = sandboxFlag === 'true';

  const dataDir = resolve(cwd, env.DATA_DIR?.trim() || '.data');
  const embeddedDbPort = whole('EMBEDDED_DB_PORT', 0, 0, 65535);
  let sessionKey: Buffer | undefined;
  if (env.SESSION_SECRET) {
    if (!/^[0-9a-fA-F]{64}$/.test(env.SESSION_SECRET)) {
      problems.push(
        'SESSION_SECRET must be 64 hex characters (32 bytes); make one with `openssl rand -hex 32`',
      );
    } else {
      sessionKey = Buffer.from(env.SESSION_SECRET, 'hex');
    }
  } else if (appEnv === 'production') {
    problems.push('SESSION_SECRET is required in production (64 hex characters: `openssl rand -hex 32`)');
  }

  const realtime = env.REALTIME?.trim() || (databaseUrl ? 'postgres' : 'memory');
  if (realtime !== 'postgres' && realtime !== 'memory') {
    problems.push(`REALTIME must be postgres or memory (got '${env.REALTIME}')`);
  }
  const smtpUrl = url('SMTP_URL', /^smtps?:\/\/[^/]/, 'an smtp:// or smtps:// URL');
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${port || 3000}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/.test(publicUrl)) {
    problems.push(`PUBLIC_URL must be an http(s) URL (got '${env.PUBLIC_URL}')`);
  }
  const mailPollMs = whole('MAIL_POLL_MS', 5000, 10, 3_600_000);
  const digestPollMs = whole('DIGEST_POLL_MS', 600_000, 10, 86_400_000);
  const outboxPollMs = whole('OUTBOX_POLL_MS', 5000, 10, 3_600_000);
  const outboxGraceMs = whole('OUTBOX_GRACE_MS', 10_000, 0, 3_600_000);
  const outboxLeaseMs = whole('OUTBOX_LEASE_MS', 120_000, 100, 86_400_000);
  const mailRetryBaseMs = whole('MAIL_RETRY_BASE_MS', 30_000, 1, 86_400_000);
  const mailRetryMaxMs = whole('MAIL_RETRY_MAX_MS', 3_600_000, 1, 86_400_000);

  const anyStripeKey = STRIPE_KEYS.some(({ name }) => Boolean(env[name]?.trim()));
  if (paymentsSandbox && anyStripeKey) {
    problems.push('PAYMENTS_SANDBOX=true and Stripe keys are both set: choose one');
  }
  const stripe = paymentsSandbox ? null : stripeConfig(env, appEnv, problems);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems);
  const headersTimeoutMs = whole('HEADERS_TIMEOUT_MS', 10_000, 100, 600_000);
  const requestTimeoutMs = whole('REQUEST_TIMEOUT_MS', 120_000, 100, 3_600_000);
  const idleTimeoutMs = whole('IDLE_TIMEOUT_MS', 30_000, 100, 3_600_000);
  const dbAcquireTimeoutMs = whole('DB_ACQUIRE_TIMEOUT_MS', 1200, 50, 600_000);
  const dbStatementTimeoutMs = whole('DB_STATEMENT_TIMEOUT_MS', 1200, 50, 3_600_000);
  const socketsPerSession = whole('WS_MAX_PER_SESSION', 8, 1, 1000);
  const accountSignInFreeAttempts = whole('ACCOUNT_SIGNIN_FREE_ATTEMPTS', 5, 1, 1000);
  const accountSignInFreeAttemptsAnyAddress = whole('ACCOUNT_SIGNIN_FREE_ATTEMPTS_ANY_ADDRESS', 20, 1, 10000);
  const emailChangesPerHour = whole('EMAIL_CHANGES_PER_HOUR', 3, 1, 1000);
  const storage = storageConfig(env, problems);
  const redisUrl = url('REDIS_URL', /^rediss?:\/\/[^/]/, 'a redis:// or rediss:// URL');

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: appEnv,
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    dataDir,
    embeddedDbPort,
    sessionKey: sessionKey ?? developmentSessionKey(dataDir),
    logLevel,
    authRateLimitPerMinute,
    messageRateLimitPerMinute,
    publicRateLimitPerMinute,
    apiRateLimitPerMinute,
    oauthTokenRateLimitPerMinute,
    projectListCacheMs,
    viewBatchMs,
    sessionCacheMs,
    userCacheMs,
    seedDemoData: seed === undefined ? appEnv !== 'production' : seed === 'true',
    remotes,
    remotesFile,
    paymentsSandbox,
    appsDir: resolve(cwd, env.APPS_DIR?.trim() || 'apps'),
    realtime: realtime as Config['realtime'],
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || 'BuildBid <no-reply@buildbid.local>',
    publicUrl,
    webhookMode: appEnv === 'production' ? 'production' : 'development',
    mailPollMs,
    outboxPollMs,
    outboxGraceMs,
    outboxLeaseMs,
    digestPollMs,
    mailRetryBaseMs,
    mailRetryMaxMs: Math.max(mailRetryMaxMs, mailRetryBaseMs),
    stripe,
    trustProxy,
    headersTimeoutMs,
    requestTimeoutMs: Math.max(requestTimeoutMs, headersTimeoutMs),
    idleTimeoutMs,
    dbAcquireTimeoutMs,
    dbStatementTimeoutMs,
    socketsPerSession,
    accountSignInFreeAttempts,
    accountSignInFreeAttemptsAnyAddress,
    emailChangesPerHour,
    storage,
    redisUrl,
  };
}
