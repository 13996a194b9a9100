import { type EntityManager, type EntityName, type FilterQuery, LockMode } from '@mikro-orm/core';
import type {
  AchievementRepository,
  BidRepository,
  ProjectMessageLinks,
  ProjectRepository,
  ReviewRepository,
  TransactionalUserRepository,
} from '../../application/shared/marketplace-ports.ts';
import {
  ACHIEVEMENT_CATEGORIES,
  type AchievementCategory,
  AchievementProgress,
  BADGES,
} from '../../domain/achievement/achievement.ts';
import { Bid, bidAlreadyExists } from '../../domain/bid/bid.ts';
import { Project } from '../../domain/project/project.ts';
import { Review, reviewAlreadyExists } from '../../domain/review/review.ts';
import { NotFoundError } from '../../domain/shared/errors.ts';
import type { User } from '../../domain/user/user.ts';
import type { UserReadCache } from '../caching/user-read-cache.ts';
import { BidRecord, MessageRecord, ProjectRecord, ReviewRecord, UserRecord } from './entities.ts';
import { flushRecord, saveRecord } from './flush.ts';
import {
  bidRowToSnapshot,
  bidSnapshotToRow,
  isUuid,
  projectRowToSnapshot,
  projectSnapshotToRow,
  reviewRowToSnapshot,
  reviewSnapshotToRow,
} from './marketplace-mappers.ts';
import { MikroOrmUserRepository } from './mikro-orm-user-repository.ts';
import { runSql, toCount } from './sql.ts';
import { isUniqueViolationOf } from './unique-violation.ts';
import { userRowToDomain } from './user-mapper.ts';

/*
 * The repositories of one transaction (see MikroOrmUnitOfWork). Each is bound to the transactional
 * fork of the EntityManager. Reads pass `refresh: true`: a row read before a lock was taken must be
 * read again after it, not answered from the identity map. Every write flushes before it returns.
 */

/**
 * The aggregate of the row with this id, read from the database (`refresh`: a row read before a lock was
 * taken is read again), locked for update with `lock`; null for a malformed id or no row.
 */
async function findAggregate<R extends object, A>(
  em: EntityManager,
  entity: EntityName<R>,
  id: string,
  toAggregate: (record: R) => A,
  how: 'read' | 'lock' = 'read',
): Promise<A | null> {
  if (!isUuid(id)) return null;
  const lock = how === 'lock' ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {};
  const record = await em.findOne(entity, { id } as FilterQuery<NoInfer<R>>, { ...lock, refresh: true });
  return record ? toAggregate(record as R) : null;
}

const projectOfRow = (record: ProjectRecord) => Project.restore(projectRowToSnapshot(record));
const bidOfRow = (record: BidRecord) => Bid.restore(bidRowToSnapshot(record));

export class MikroOrmTransactionalUserRepository
  extends MikroOrmUserRepository
  implements TransactionalUserRepository
{
  readonly #em: EntityManager;

  /** Writes invalidate `cache` (decision 0007); reads in a transaction never use it. */
  constructor(em: EntityManager, cache?: UserReadCache) {
    super(em, { ...(cache ? { cache } : {}), readFromCache: false });
    this.#em = em;
  }

  lockForUpdate(id: string): Promise<User | null> {
    return findAggregate(this.#em, UserRecord, id, userRowToDomain, 'lock');
  }

  async lockAdmins(): Promise<string[]> {
    const records = await this.#em.find(
      UserRecord,
      { role: 'admin' },
      { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' }, fields: ['id'], refresh: true },
    );
    return records.map((r) => r.id);
  }
}

export class MikroOrmProjectRepository implements ProjectRepository {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  findById(id: string): Promise<Project | null> {
    return findAggregate(this.#em, ProjectRecord, id, projectOfRow);
  }

  lockForUpdate(id: string): Promise<Project | null> {
    return findAggregate(this.#em, ProjectRecord, id, projectOfRow, 'lock');
  }

  async add(project: Project): Promise<void> {
    const record = this.#em.create(ProjectRecord, projectSnapshotToRow(project.toSnapshot()));
    await flushRecord(this.#em, record);
  }

  async save(project: Project): Promise<void> {
    await saveRecord(
      this.#em,
      ProjectRecord,
      project.id,
      (record) => projectSnapshotToRow(project.toSnapshot(), record.attachments),
      () => new NotFoundError('PROJECT_NOT_FOUND', `Project ${project.id} does not exist`),
    );
  }

  async delete(id: string): Promise<void> {
    if (!isUuid(id)) return;
    await this.#em.nativeDelete(ProjectRecord, { id });
    const loaded = this.#em.getUnitOfWork().getById(ProjectRecord, id);
    if (loaded) this.#em.getUnitOfWork().unsetIdentity(loaded);
  }
}

export class MikroOrmBidRepository implements BidRepository {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  findById(id: string): Promise<Bid | null> {
    return findAggregate(this.#em, BidRecord, id, bidOfRow);
  }

  async findByProjectAndContractor(projectId: string, contractorId: string): Promise<Bid | null> {
    if (!isUuid(projectId) || !isUuid(contractorId)) return null;
    const record = await this.#em.findOne(BidRecord, { projectId, contractorId }, { refresh: true });
    return record ? bidOfRow(record) : null;
  }

  async listByProject(projectId: string): Promise<Bid[]> {
    if (!isUuid(projectId)) return [];
    const records = await this.#em.find(
      BidRecord,
      { projectId },
      { orderBy: { createdAt: 'asc', id: 'asc' }, refresh: true },
    );
    return records.map(bidOfRow);
  }

  async countByContractorCreatedBetween(contractorId: string, from: Date, to: Date): Promise<number> {
    if (!isUuid(contractorId)) return 0;
    return this.#em.count(BidRecord, { contractorId, createdAt: { $gte: from, $lt: to } });
  }

  async add(bid: Bid): Promise<void> {
    const record = this.#em.create(BidRecord, bidSnapshotToRow(bid.toSnapshot()));
    await flushRecord(this.#em, record, (error) =>
      isUniqueViolationOf(error, 'bids_project_id_contractor_id_unique') ? bidAlreadyExists() : error,
    );
  }

  async save(bid: Bid): Promise<void> {
    await saveRecord(
      this.#em,
      BidRecord,
      bid.id,
      () => bidSnapshotToRow(bid.toSnapshot()),
      () => new NotFoundError('BID_NOT_FOUND', `Bid ${bid.id} does not exist`),
    );
  }

  async deleteByProject(projectId: string): Promise<void> {
    if (!isUuid(projectId)) return;
    await this.#em.nativeDelete(BidRecord, { projectId });
    const uow = this.#em.getUnitOfWork();
    for (const record of uow.getIdentityMap().values()) {
      if (record instanceof Object && (record as Partial<BidRecord>).projectId === projectId) {
        uow.unsetIdentity(record);
      }
    }
  }
}

export class MikroOrmReviewRepository implements ReviewRepository {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async findByProjectAndReviewer(projectId: string, reviewerId: string): Promise<Review | null> {
    if (!isUuid(projectId) || !isUuid(reviewerId)) return null;
    const record = await this.#em.findOne(ReviewRecord, { projectId, reviewerId }, { refresh: true });
    return record ? Review.restore(reviewRowToSnapshot(record)) : null;
  }

  async add(review: Review): Promise<void> {
    const record = this.#em.create(ReviewRecord, reviewSnapshotToRow(review.toSnapshot()));
    await flushRecord(this.#em, record, (error) =>
      isUniqueViolationOf(error, 'reviews_project_id_reviewer_id_unique') ? reviewAlreadyExists() : error,
    );
  }

  async summaryFor(revieweeId: string): Promise<{ count: number; total: number }> {
    if (!isUuid(revieweeId)) return { count: 0, total: 0 };
    const [row] = await runSql<{ count: string; total: string | null }>(
      this.#em,
      'select count(*) as count, sum(rating) as total from reviews where reviewee_id = ?',
      [revieweeId],
    );
    return { count: toCount(row?.count), total: toCount(row?.total) };
  }

  async clearProject(projectId: string): Promise<void> {
    if (!isUuid(projectId)) return;
    await this.#em.nativeUpdate(ReviewRecord, { projectId }, { projectId: null });
  }
}

export class MikroOrmProjectMessageLinks implements ProjectMessageLinks {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async clearProject(projectId: string): Promise<void> {
    if (!isUuid(projectId)) return;
    await this.#em.nativeUpdate(MessageRecord, { projectId }, { projectId: null });
  }
}

function isCategory(value: string): value is AchievementCategory {
  return (ACHIEVEMENT_CATEGORIES as readonly string[]).includes(value);
}

/**
 * user_achievements (one row per user and category, upserted) and user_badges (inserted once; a
 * badge already earned is left as it is). The badges a user earns are (re)inserted into the catalogue
 * first if missing, so an emptied `badges` table (a test truncation) never breaks the foreign key.
 */
export class MikroOrmAchievementRepository implements AchievementRepository {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async findByUser(userId: string): Promise<AchievementProgress | null> {
    if (!isUuid(userId)) return null;
    const categories = await runSql<{ category: string; points: number; level: number; updated_at: Date }>(
      this.#em,
      'select category, points, level, updated_at from user_achievements where user_id = ? order by category',
      [userId],
    );
    const badges = await runSql<{ id: string; badge_id: string; earned_at: Date }>(
      this.#em,
      'select id, badge_id, earned_at from user_badges where user_id = ? order by earned_at, id',
      [userId],
    );
    if (categories.length === 0 && badges.length === 0) return null;
    return AchievementProgress.restore({
      userId,
      categories: categories.flatMap((row) =>
        isCategory(row.category)
          ? [
              {
                category: row.category,
                points: row.points,
                level: row.level,
                updatedAt: new Date(row.updated_at),
              },
            ]
          : [],
      ),
      badges: badges.map((row) => ({ id: row.id, badgeId: row.badge_id, earnedAt: new Date(row.earned_at) })),
    });
  }

  async save(progress: AchievementProgress): Promise<void> {
    const snapshot = progress.toSnapshot();
    const em = this.#em;
    if (snapshot.categories.length > 0) {
      const values = snapshot.categories.map(() => '(?, ?, ?, ?, ?)').join(', ');
      await runSql(
        em,
        `insert into user_achievements (user_id, category, points, level, updated_at) values ${values}
           on conflict (user_id, category) do update
           set points = excluded.points, level = excluded.level, updated_at = excluded.updated_at`,
        snapshot.categories.flatMap((c) => [snapshot.userId, c.category, c.points, c.level, c.updatedAt]),
      );
    }
    if (snapshot.badges.length > 0) {
      await seedBadges(em, new Set(snapshot.badges.map((b) => b.badgeId)));
      const values = snapshot.badges.map(() => '(?, ?, ?, ?)').join(', ');
      await runSql(
        em,
        `insert into user_badges (id, user_id, badge_id, earned_at) values ${values}
           on conflict (user_id, badge_id) do nothing`,
        snapshot.badges.flatMap((b) => [b.id, snapshot.userId, b.badgeId, b.earnedAt]),
      );
    }
  }
}

/**
 * Makes the `badges` table hold the domain's catalogue (all of it, or the ids given): inserts what is
 * missing and updates what changed. Idempotent; the migration seeded the same rows.
 */
export async function seedBadges(em: EntityManager, only?: ReadonlySet<string>): Promise<void> {
  const badges = BADGES.filter((badge) => only === undefined || only.has(badge.id));
  if (badges.length === 0) return;
  const values = badges.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ');
  await runSql(
    em,
    `insert into badges (id, name, description, category, tier, icon, points_required) values ${values}
       on conflict (id) do update set name = excluded.name, description = excluded.description,
         category = excluded.category, tier = excluded.tier, icon = excluded.icon,
         points_required = excluded.points_required`,
    badges.flatMap((b) => [b.id, b.name, b.description, b.category, b.tier, b.icon, b.pointsRequired]),
  );
}
