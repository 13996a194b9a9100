import type { EntityManager } from '@mikro-orm/core';
import type {
  EventOutbox,
  EventPublisher,
  Outcome,
  Transaction,
  UnitOfWork,
} from '../../application/shared/marketplace-ports.ts';
import type { UserReadCache } from '../caching/user-read-cache.ts';
import { commitThenPublish } from './commit-then-publish.ts';
import {
  MikroOrmAchievementRepository,
  MikroOrmBidRepository,
  MikroOrmProjectMessageLinks,
  MikroOrmProjectRepository,
  MikroOrmReviewRepository,
  MikroOrmTransactionalUserRepository,
} from './mikro-orm-marketplace-repositories.ts';
import { SqlPersonalData } from './sql-account-lifecycle.ts';
import { SqlAddendumRepository } from './sql-addendum-repository.ts';
import { SqlRoleChangeLog } from './sql-admin.ts';
import { SqlBlocks } from './sql-blocks.ts';
import { SqlEventOutbox } from './sql-event-outbox.ts';
import { SqlModeration } from './sql-moderation.ts';
import { SqlQuestionRepository } from './sql-question-repository.ts';
import { SqlAdminActionLog, SqlSuspensions } from './sql-suspensions.ts';

/** The repositories of one transaction, all bound to its EntityManager. */
function transactionOn(em: EntityManager, userCache?: UserReadCache): Transaction {
  return {
    projects: new MikroOrmProjectRepository(em),
    bids: new MikroOrmBidRepository(em),
    users: new MikroOrmTransactionalUserRepository(em, userCache),
    reviews: new MikroOrmReviewRepository(em),
    messages: new MikroOrmProjectMessageLinks(em),
    achievements: new MikroOrmAchievementRepository(em),
    addenda: new SqlAddendumRepository(em),
    questions: new SqlQuestionRepository(em),
    roleChanges: new SqlRoleChangeLog(em),
    outbox: new SqlEventOutbox(em),
    personalData: new SqlPersonalData(em),
    blocks: new SqlBlocks(em),
    suspensions: new SqlSuspensions(em),
    adminActions: new SqlAdminActionLog(em),
    moderation: new SqlModeration(em),
  };
}

/**
 * The units of work on PostgreSQL (this one and the subscriptions'). Give one the global `orm.em` (or any
 * em): each `run` forks a fresh EntityManager (its own identity map, never the request's), opens a
 * transaction on one pooled connection, and hands `work` the repositories bound to it. Commits when `work`
 * resolves, rolls back and rethrows when it throws; row locks taken with lockForUpdate (SELECT ... FOR
 * UPDATE) last until then.
 *
 * Concurrent runs each hold a connection while they wait for a row lock: the pool (createOrm's
 * poolSize) bounds how many run at once; the rest wait for a connection.
 */
export abstract class ForkingUnitOfWork<Tx extends { outbox: EventOutbox }> {
  readonly #em: EntityManager;
  readonly #userCache: UserReadCache | undefined;
  readonly #events: EventPublisher | undefined;

  /**
   * `userCache`: the users' read cache, which writes in a transaction invalidate (decision 0007).
   * `events`: where `commit` publishes after the commit (the outbox's publisher); `commit` needs it.
   */
  constructor(em: EntityManager, options: { userCache?: UserReadCache; events?: EventPublisher } = {}) {
    this.#em = em;
    this.#userCache = options.userCache;
    this.#events = options.events;
  }

  /** The repositories of one transaction, bound to its EntityManager. */
  protected abstract repositories(em: EntityManager, userCache: UserReadCache | undefined): Tx;

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.#em.fork({ clear: true }).transactional((em) => work(this.repositories(em, this.#userCache)));
  }

  commit<T>(work: (tx: Tx) => Promise<Outcome<T>>): Promise<T> {
    return commitThenPublish((w) => this.run(w), this.#events, work);
  }
}

/** UnitOfWork on PostgreSQL: the marketplace's repositories (transactionOn) in each transaction. */
export class MikroOrmUnitOfWork extends ForkingUnitOfWork<Transaction> implements UnitOfWork {
  protected repositories(em: EntityManager, userCache: UserReadCache | undefined): Transaction {
    return transactionOn(em, userCache);
  }
}
