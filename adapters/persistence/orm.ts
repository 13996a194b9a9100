import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { MikroORM as AnyMikroORM } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { AccessTokenRecord } from './access-entities.ts';
import {
  BadgeRecord,
  BidRecord,
  MessageRecord,
  NotificationRecord,
  ProjectRecord,
  ReviewRecord,
  SessionRecord,
  UserAchievementRecord,
  UserBadgeRecord,
  UserRecord,
} from './entities.ts';
import { EmailOutboxRecord } from './messaging-entities.ts';
import { OAuthAppRecord, OAuthModelRecord } from './oauth-entities.ts';
import { PaymentEventRecord, PaymentSubscriptionRecord } from './payment-entities.ts';
import {
  AdminActionRecord,
  HiddenContentRecord,
  ModerationActionRecord,
  ModerationClaimRecord,
  ReportRecord,
  SuspensionRecord,
  UserBlockRecord,
} from './safety-entities.ts';
import {
  EventOutboxRecord,
  IdempotencyKeyRecord,
  PasswordResetRecord,
  ProjectAddendumRecord,
  ProjectQuestionRecord,
  ProjectViewRecord,
  RoleChangeRecord,
  SavedProjectRecord,
  SavedSearchDigestItemRecord,
  SavedSearchDigestRecord,
  SavedSearchRecord,
  SearchVocabularyRecord,
} from './sql-entities.ts';
import { WEBHOOK_RECORDS } from './webhook-entities.ts';

/** Where the committed TypeScript migrations live (Node 24 imports them directly). */
/** Every mapped entity; createOrm registers these. */
const entities = [
  UserRecord,
  SessionRecord,
  ProjectRecord,
  BidRecord,
  ReviewRecord,
  BadgeRecord,
  UserBadgeRecord,
  UserAchievementRecord,
  NotificationRecord,
  MessageRecord,
  EmailOutboxRecord,
  PaymentSubscriptionRecord,
  PaymentEventRecord,
  ProjectAddendumRecord,
  ProjectQuestionRecord,
  ProjectViewRecord,
  SavedProjectRecord,
  SavedSearchRecord,
  SavedSearchDigestItemRecord,
  SavedSearchDigestRecord,
  SearchVocabularyRecord,
  RoleChangeRecord,
  IdempotencyKeyRecord,
  EventOutboxRecord,
  PasswordResetRecord,
  AccessTokenRecord,
  OAuthAppRecord,
  OAuthModelRecord,
  UserBlockRecord,
  SuspensionRecord,
  AdminActionRecord,
  ReportRecord,
  ModerationClaimRecord,
  HiddenContentRecord,
  ModerationActionRecord,
  ...WEBHOOK_RECORDS,
];

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Connections per ORM, sized for the cores (PostgreSQL's rule of thumb: 2 × cores + 1, at least 4):
 * more connections than the cores can run only queue inside PostgreSQL instead of in the pool, and
 * cost memory and context switches (decision 0110). The embedded PGlite server must accept at least this many.
 */
export const DEFAULT_POOL_SIZE = Math.max(4, Math.min(10, 2 * availableParallelism() + 1));

/** Any constant works; it only has to be the same for every process that migrates this database. */
const MIGRATION_LOCK_KEY = 727_001;

export interface CreateOrmOptions {
  /** postgres://user[:password]@host:port/database */
  clientUrl: string;
  /** Log SQL (and discovery) through `logger`. */
  debug?: boolean;
  /** Where ORM log lines go; defaults to console.log. */
  logger?: (message: string) => void;
  /** Maximum pool size; defaults to DEFAULT_POOL_SIZE. */
  poolSize?: number;
  /**
   * Waiting for a pooled connection, or for a new one to connect, fails after this long (default: wait).
   * With statementTimeoutMs it bounds how long a request can hang on a database that does not answer.
   */
  acquireTimeoutMs?: number;
  /** The server cancels a statement after this long, and the client gives up shortly after (default: none). */
  statementTimeoutMs?: number;
}

/**
 * Connects an ORM with the persistence mappings and the Migrator extension. Does not migrate:
 * call `migrate(orm)` at start-up (or once in the test global setup).
 * The result is the PostgreSQL-typed MikroORM; it is assignable to `MikroORM` from @mikro-orm/core.
 */
/** Run on every new pooled connection (see createOrm). */
export const PLANNER_SETTINGS = [
  'set jit = off',
  'set random_page_cost = 1.1',
  // A search's text index answers rare words as a bitmap (decision 0214): with the default 4 MB a prefix's
  // bitmap at 1,000,000 projects turns lossy, and every row of a lossy page is read and checked again.
  "set work_mem = '32MB'",
] as const;

export async function createOrm(options: CreateOrmOptions): Promise<MikroORM> {
  return MikroORM.init({
    driver: PostgreSqlDriver,
    clientUrl: options.clientUrl,
    entities,
    extensions: [Migrator],
    pool: { min: 0, max: options.poolSize ?? DEFAULT_POOL_SIZE, idleTimeoutMillis: 10_000 },
    // pg Pool options: bounded waits, so an unreachable database answers 503 instead of hanging.
    driverOptions: {
      ...(options.acquireTimeoutMs ? { connectionTimeoutMillis: options.acquireTimeoutMs } : {}),
      ...(options.statementTimeoutMs
        ? {
            statement_timeout: options.statementTimeoutMs,
            // A network cut leaves the server unable to cancel: the client stops waiting itself.
            query_timeout: options.statementTimeoutMs + 150,
            keepAlive: true,
          }
        : {}),
    },
    // Each new connection's planner settings, for short OLTP work on data that lives in memory:
    // - No JIT compilation: compiling a plan costs 100-200 ms whenever a plan's estimate passes
    //   jit_above_cost (the browse statement's sampled total at 1M projects did; decision 0110).
    // - random_page_cost 1.1 instead of 4 (decision 0112): the default prices a page read through an
    //   index as four sequential reads, as on a spinning disk. With the tables in memory or on SSD that
    //   steers the browse away from the index that fits its filter (category, a budget band) towards the
    //   plain newest-first one, reading five times as many rows.
    onCreateConnection: async (connection: unknown) => {
      const client = connection as {
        executeQuery(query: { sql: string; parameters: unknown[] }): Promise<unknown>;
      };
      for (const sql of PLANNER_SETTINGS) await client.executeQuery({ sql, parameters: [] });
    },
    debug: options.debug ?? false,
    ...(options.logger ? { logger: options.logger } : {}),
    // The global `orm.em` must never collect state: use RequestContext or em.fork().
    allowGlobalContext: false,
    // The search vocabulary's triggers and functions (Migration20270315000001_word_search) are written in the
    // migration, not in entity metadata: the schema diff leaves them alone instead of dropping them. The
    // word-search tests prove they are there and work.
    schemaGenerator: { ignoreTriggers: true, ignoreRoutines: true },
    migrations: {
      path: MIGRATIONS_DIR,
      pathTs: MIGRATIONS_DIR,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      // Migrations are written by hand (or with `orm.migrator.create()`, which then diffs against the
      // live database). No snapshot file is written, so running tests never dirties the work tree.
      snapshot: false,
      snapshotOnMigrate: false,
      silent: !options.debug,
    },
  });
}

/**
 * Applies every pending migration (all in one transaction) and returns the names it applied.
 *
 * On a real PostgreSQL, a transaction-scoped advisory lock held on one pooled connection makes
 * concurrent callers (two test projects, two API replicas) wait for each other instead of racing;
 * the migrator itself runs on other connections of the pool, so it needs a pool of 2 or more.
 * PGlite runs one transaction at a time across all connections, so that lock would deadlock there;
 * it has a single process anyway, and is migrated without it.
 */
export async function migrate(orm: AnyMikroORM): Promise<string[]> {
  const connection = orm.em.getConnection();
  const rows: { version: string }[] = await connection.execute('select version() as version');
  if (rows[0]?.version.includes('PGlite')) {
    return (await orm.migrator.up()).map((migration) => migration.name);
  }
  return connection.transactional(async (lockHolder) => {
    await connection.execute('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY], 'all', lockHolder);
    return (await orm.migrator.up()).map((migration) => migration.name);
  });
}

/** Closes the pool. Await in-flight work before calling it. */
export async function closeOrm(orm: AnyMikroORM): Promise<void> {
  await orm.close(true);
}
