/**
 * In-memory adapters for the unit tests. The unit of work behaves like a database transaction
 * enough for the rules to be tested: writes are staged and applied on commit (dropped on error),
 * lockForUpdate holds a per-row lock until the transaction ends, and unique keys are enforced.
 */

import { commitThenPublish } from '../../adapters/persistence/commit-then-publish.ts';
import type { RoleChangeEntry } from '../../application/accounts/ports.ts';
import type { AdminActionEntry } from '../../application/admin/ports.ts';
import type { BidQuery, MyBidStatus, MyBidView, ProjectBidView } from '../../application/bids/ports.ts';
import type { ProjectEngagement } from '../../application/engagement/ports.ts';
import type {
  ProjectDetailView,
  ProjectPage,
  ProjectQuery,
  ProjectView,
  SearchVocabulary,
} from '../../application/projects/ports.ts';
import type {
  HiddenContent,
  HiddenEntry,
  ModerationLogEntry,
  SuspensionQuery,
} from '../../application/safety/ports.ts';
import type {
  AchievementRepository,
  AddendumRepository,
  BidRepository,
  EventPublisher,
  FileStorage,
  Outcome,
  ProjectMessageLinks,
  ProjectRepository,
  QuestionRepository,
  ReviewRepository,
  StoredFile,
  Transaction,
  TransactionalUserRepository,
  UnitOfWork,
} from '../../application/shared/marketplace-ports.ts';
import type { Clock, IdGenerator } from '../../application/shared/ports.ts';
import type { StatsQuery } from '../../application/stats/ports.ts';
import { AchievementProgress, type AchievementSnapshot } from '../../domain/achievement/achievement.ts';
import { Bid, type BidSnapshot } from '../../domain/bid/bid.ts';
import { Addendum, type AddendumSnapshot } from '../../domain/project/addendum.ts';
import { correctableWords, matchesProjectFilters, type ProjectFilters } from '../../domain/project/browse.ts';
import { Project, type ProjectSnapshot } from '../../domain/project/project.ts';
import { Question, type QuestionSnapshot } from '../../domain/project/question.ts';
import { Review, type ReviewSnapshot } from '../../domain/review/review.ts';
import type { BlockSnapshot } from '../../domain/safety/block.ts';
import type {
  ModerationClaim,
  ReportSnapshot,
  ReportTarget,
  ReportTargetType,
} from '../../domain/safety/report.ts';
import { activeSuspension, type SuspensionSnapshot } from '../../domain/safety/suspension.ts';
import { ConflictError } from '../../domain/shared/errors.ts';
import type { DomainEvent } from '../../domain/shared/events.ts';
import { type Role, User, type UserSnapshot } from '../../domain/user/user.ts';

export interface MessageRow {
  id: string;
  projectId: string | null;
  content: string;
}

class Table<T> {
  readonly rows = new Map<string, T>();
}

/** ProjectEngagement in memory: view keys and saves with their order. */
class InMemoryEngagement implements ProjectEngagement {
  readonly views = new Set<string>();
  readonly saves: Array<{ userId: string; projectId: string; at: Date }> = [];

  viewCount(projectId: string): number {
    return [...this.views].filter((k) => k.startsWith(`${projectId}|`)).length;
  }

  saveCount(projectId: string): number {
    return this.saves.filter((s) => s.projectId === projectId).length;
  }

  async recordView(projectId: string, viewerKey: string, day: string): Promise<boolean> {
    const key = `${projectId}|${viewerKey}|${day}`;
    if (this.views.has(key)) return false;
    this.views.add(key);
    return true;
  }

  async save(userId: string, projectId: string, at: Date): Promise<number> {
    if (!this.saves.some((s) => s.userId === userId && s.projectId === projectId)) {
      this.saves.push({ userId, projectId, at });
    }
    return this.saveCount(projectId);
  }

  async unsave(userId: string, projectId: string): Promise<number> {
    const i = this.saves.findIndex((s) => s.userId === userId && s.projectId === projectId);
    if (i >= 0) this.saves.splice(i, 1);
    return this.saveCount(projectId);
  }

  async isSaved(userId: string, projectId: string): Promise<boolean> {
    return this.saves.some((s) => s.userId === userId && s.projectId === projectId);
  }

  async savedProjectIds(userId: string, limit: number): Promise<string[]> {
    return this.saves
      .filter((s) => s.userId === userId)
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .slice(0, limit)
      .map((s) => s.projectId);
  }

  async saverIds(projectId: string): Promise<string[]> {
    return this.saves.filter((s) => s.projectId === projectId).map((s) => s.userId);
  }
}

/** The committed state. */
export class InMemoryDatabase {
  readonly engagement = new InMemoryEngagement();
  readonly users = new Table<UserSnapshot>();
  readonly projects = new Table<ProjectSnapshot>();
  readonly bids = new Table<BidSnapshot>();
  readonly reviews = new Table<ReviewSnapshot>();
  readonly achievements = new Table<AchievementSnapshot>();
  readonly messages = new Table<MessageRow>();
  readonly addenda = new Table<AddendumSnapshot>();
  readonly questions = new Table<QuestionSnapshot>();
  readonly roleChanges = new Table<RoleChangeEntry>();
  /** Blocks (decision 0220), keyed `${blockerId}>${blockedId}`. */
  readonly blocks = new Table<BlockSnapshot>();
  /** Suspensions (decision 0223), by id. */
  readonly suspensions = new Table<SuspensionSnapshot>();
  /** The admin actions log (decision 0224), by id. */
  readonly adminActions = new Table<AdminActionEntry>();
  /** Users whose unsent mail a committed suspension dropped (decision 0223). */
  readonly mailDiscardedFor: string[] = [];
  /** Reports (decision 0221) by id; claims and hidden items keyed `${type}:${id}`; the moderation log by id. */
  readonly reports = new Table<ReportSnapshot>();
  readonly claims = new Table<ModerationClaim>();
  readonly hidden = new Table<HiddenEntry>();
  readonly moderationLog = new Table<ModerationLogEntry>();
  /** The items a test reports besides projects, questions and users (bids, messages, reviews), keyed `${type}:${id}`. */
  readonly reportTargets = new Table<ReportTarget>();
  /** The transactional outbox: the events each committed change wrote, in order. */
  readonly outbox = new Table<DomainEvent>();
  readonly #locks = new Map<string, Promise<void>>();
  commits = 0;
  rollbacks = 0;
  outboxSeq = 0;
  /** Users whose personal data a committed deletion erased (decision 0160). */
  readonly erasedPersonalData: string[] = [];

  /** Waits for the row lock `key`, then holds it; returns the release function. */
  async acquire(key: string): Promise<() => void> {
    const previous = this.#locks.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => {
      release = resolve;
    });
    const chained = previous.then(() => current);
    this.#locks.set(key, chained);
    await previous;
    return () => {
      release();
      if (this.#locks.get(key) === chained) this.#locks.delete(key);
    };
  }

  addUser(user: User): void {
    this.users.rows.set(user.id, user.toSnapshot());
  }
  addProject(project: Project): void {
    this.projects.rows.set(project.id, project.toSnapshot());
  }
  addBid(bid: Bid): void {
    this.bids.rows.set(bid.id, bid.toSnapshot());
  }
  user(id: string): User | null {
    const s = this.users.rows.get(id);
    return s ? User.restore(s) : null;
  }
  project(id: string): ProjectSnapshot | undefined {
    return this.projects.rows.get(id);
  }
  bid(id: string): BidSnapshot | undefined {
    return this.bids.rows.get(id);
  }
}

const DELETED = Symbol('deleted');
type Staged<T> = Map<string, T | typeof DELETED>;

/** A table seen from one transaction: its staged writes over the committed rows. */
class TxTable<T> {
  readonly staged: Staged<T> = new Map();
  readonly #table: Table<T>;

  constructor(table: Table<T>) {
    this.#table = table;
  }

  get(id: string): T | undefined {
    const staged = this.staged.get(id);
    if (staged === DELETED) return undefined;
    return staged ?? this.#table.rows.get(id);
  }

  all(): T[] {
    const out = new Map(this.#table.rows);
    for (const [id, row] of this.staged) {
      if (row === DELETED) out.delete(id);
      else out.set(id, row);
    }
    return [...out.values()];
  }

  set(id: string, row: T): void {
    this.staged.set(id, row);
  }

  delete(id: string): void {
    this.staged.set(id, DELETED);
  }

  commit(): void {
    for (const [id, row] of this.staged) {
      if (row === DELETED) this.#table.rows.delete(id);
      else this.#table.rows.set(id, row);
    }
  }
}

export class InMemoryUnitOfWork implements UnitOfWork {
  readonly #db: InMemoryDatabase;
  /** Set to make the next commit fail, to test that nothing is published. */
  failNextCommit = false;

  readonly #events: EventPublisher | undefined;

  /** `events`: where `commit` publishes after the commit (makeEnv's RecordingPublisher). */
  constructor(db: InMemoryDatabase, events?: EventPublisher) {
    this.#db = db;
    this.#events = events;
  }

  commit<T>(work: (tx: Transaction) => Promise<Outcome<T>>): Promise<T> {
    return commitThenPublish((w) => this.run(w), this.#events, work);
  }

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const db = this.#db;
    const releases: (() => void)[] = [];
    const held = new Set<string>();
    const lock = async (key: string) => {
      if (held.has(key)) return;
      held.add(key);
      releases.push(await db.acquire(key));
    };
    const users = new TxTable(db.users);
    const projects = new TxTable(db.projects);
    const bids = new TxTable(db.bids);
    const reviews = new TxTable(db.reviews);
    const achievements = new TxTable(db.achievements);
    const messages = new TxTable(db.messages);
    const addenda = new TxTable(db.addenda);
    const questions = new TxTable(db.questions);
    const roleChanges = new TxTable(db.roleChanges);
    const outbox = new TxTable(db.outbox);
    const blocks = new TxTable(db.blocks);
    const suspensions = new TxTable(db.suspensions);
    const adminActions = new TxTable(db.adminActions);
    const reports = new TxTable(db.reports);
    const claims = new TxTable(db.claims);
    const hidden = new TxTable(db.hidden);
    const moderationLog = new TxTable(db.moderationLog);
    const erased: string[] = [];
    const mailDiscarded: string[] = [];

    const userRepo: TransactionalUserRepository = {
      async findById(id) {
        const s = users.get(id);
        return s ? User.restore(s) : null;
      },
      async findByEmail(email) {
        const s = users.all().find((u) => u.email === email);
        return s ? User.restore(s) : null;
      },
      async add(user) {
        if (users.all().some((u) => u.email === user.email)) {
          throw new ConflictError('EMAIL_TAKEN', 'Email taken');
        }
        users.set(user.id, user.toSnapshot());
      },
      async save(user) {
        users.set(user.id, user.toSnapshot());
      },
      async list(filter?: { role?: Role }) {
        return users
          .all()
          .filter((u) => !filter?.role || u.role === filter.role)
          .map((u) => User.restore(u));
      },
      async lockForUpdate(id) {
        await lock(`user:${id}`);
        const s = users.get(id);
        return s ? User.restore(s) : null;
      },
      async lockAdmins() {
        await lock('users:admins');
        return users
          .all()
          .filter((u) => u.role === 'admin')
          .map((u) => u.id)
          .sort();
      },
    };
    const projectRepo: ProjectRepository = {
      async findById(id) {
        const s = projects.get(id);
        return s ? Project.restore(s) : null;
      },
      async lockForUpdate(id) {
        await lock(`project:${id}`);
        const s = projects.get(id);
        return s ? Project.restore(s) : null;
      },
      async add(project) {
        projects.set(project.id, project.toSnapshot());
      },
      async save(project) {
        projects.set(project.id, project.toSnapshot());
      },
      async delete(id) {
        if (bids.all().some((b) => b.projectId === id)) {
          throw new Error('foreign key: the project still has bids');
        }
        // project_addenda cascades with its project.
        for (const a of addenda.all()) if (a.projectId === id) addenda.delete(a.id);
        for (const q of questions.all()) if (q.projectId === id) questions.delete(q.id);
        projects.delete(id);
      },
    };
    const bidRepo: BidRepository = {
      async findById(id) {
        const s = bids.get(id);
        return s ? Bid.restore(s) : null;
      },
      async findByProjectAndContractor(projectId, contractorId) {
        const s = bids.all().find((b) => b.projectId === projectId && b.contractorId === contractorId);
        return s ? Bid.restore(s) : null;
      },
      async listByProject(projectId) {
        return bids
          .all()
          .filter((b) => b.projectId === projectId)
          .map((b) => Bid.restore(b));
      },
      async countByContractorCreatedBetween(contractorId, from, to) {
        return countBids(bids.all(), contractorId, from, to);
      },
      async add(bid) {
        const s = bid.toSnapshot();
        const all = [...db.bids.rows.values(), ...bids.all()];
        if (all.some((b) => b.projectId === s.projectId && b.contractorId === s.contractorId)) {
          throw new ConflictError('BID_ALREADY_EXISTS', 'You have already submitted a bid on this project');
        }
        bids.set(bid.id, s);
      },
      async save(bid) {
        bids.set(bid.id, bid.toSnapshot());
      },
      async deleteByProject(projectId) {
        for (const b of bids.all()) if (b.projectId === projectId) bids.delete(b.id);
      },
    };
    const reviewRepo: ReviewRepository = {
      async findByProjectAndReviewer(projectId, reviewerId) {
        const s = reviews.all().find((r) => r.projectId === projectId && r.reviewerId === reviewerId);
        return s ? Review.restore(s) : null;
      },
      async add(review) {
        const s = review.toSnapshot();
        if (reviews.all().some((r) => r.projectId === s.projectId && r.reviewerId === s.reviewerId)) {
          throw new ConflictError('REVIEW_ALREADY_EXISTS', 'You have already reviewed this project');
        }
        reviews.set(review.id, s);
      },
      async summaryFor(revieweeId) {
        const mine = reviews.all().filter((r) => r.revieweeId === revieweeId);
        return { count: mine.length, total: mine.reduce((sum, r) => sum + r.rating, 0) };
      },
      async clearProject(projectId) {
        for (const r of reviews.all())
          if (r.projectId === projectId) reviews.set(r.id, { ...r, projectId: null });
      },
    };
    const messageLinks: ProjectMessageLinks = {
      async clearProject(projectId) {
        for (const m of messages.all())
          if (m.projectId === projectId) messages.set(m.id, { ...m, projectId: null });
      },
    };
    const achievementRepo: AchievementRepository = {
      async findByUser(userId) {
        const s = achievements.get(userId);
        return s ? AchievementProgress.restore(s) : null;
      },
      async save(progress) {
        achievements.set(progress.userId, progress.toSnapshot());
      },
    };

    const addendumRepo: AddendumRepository = {
      async add(addendum) {
        addenda.set(addendum.id, addendum.toSnapshot());
      },
      async listByProject(projectId) {
        return addenda
          .all()
          .filter((a) => a.projectId === projectId)
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
          .map((a) => Addendum.restore(a));
      },
      async deleteByProject(projectId) {
        const mine = addenda.all().filter((a) => a.projectId === projectId);
        for (const a of mine) addenda.delete(a.id);
        return mine.flatMap((a) => a.attachments);
      },
    };

    const questionRepo: QuestionRepository = {
      async findById(id) {
        const q = questions.get(id);
        return q ? Question.restore(q) : null;
      },
      async add(question) {
        questions.set(question.id, question.toSnapshot());
      },
      async save(question) {
        questions.set(question.id, question.toSnapshot());
      },
      async listByProject(projectId) {
        return questions
          .all()
          .filter((q) => q.projectId === projectId)
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
          .map((q) => Question.restore(q));
      },
      async countAskedSince(askerId, since) {
        return questions
          .all()
          .filter(
            (q) => q.askerId === askerId && q.kind === 'question' && q.createdAt.getTime() >= since.getTime(),
          ).length;
      },
    };

    try {
      const result = await work({
        users: userRepo,
        projects: projectRepo,
        bids: bidRepo,
        reviews: reviewRepo,
        messages: messageLinks,
        achievements: achievementRepo,
        addenda: addendumRepo,
        questions: questionRepo,
        roleChanges: {
          async record(entry) {
            roleChanges.set(entry.id, { ...entry });
          },
        },
        outbox: {
          async add(events) {
            for (const event of events) outbox.set(`${db.outboxSeq++}`, event);
          },
        },
        personalData: {
          async projectsToDelete(ownerId) {
            return projects
              .all()
              .filter((p) => p.clientId === ownerId && p.acceptedBidId === null)
              .map((p) => p.id);
          },
          async erase(userId) {
            erased.push(userId);
          },
          async pendingBidsOf(contractorId) {
            return bids
              .all()
              .filter((b) => b.contractorId === contractorId && b.status === 'pending')
              .sort((a, b) => (a.projectId < b.projectId ? -1 : 1))
              .map((b) => ({ bidId: b.id, projectId: b.projectId }));
          },
        },
        blocks: {
          async between(a, b) {
            return blocks
              .all()
              .filter(
                (x) => (x.blockerId === a && x.blockedId === b) || (x.blockerId === b && x.blockedId === a),
              );
          },
          async countByBlocker(blockerId) {
            return blocks.all().filter((x) => x.blockerId === blockerId).length;
          },
          async add(block) {
            const key = `${block.blockerId}>${block.blockedId}`;
            if (!blocks.get(key)) blocks.set(key, { ...block });
          },
          async remove(blockerId, blockedId) {
            const key = `${blockerId}>${blockedId}`;
            const found = blocks.get(key) !== undefined;
            if (found) blocks.delete(key);
            return found;
          },
          async pendingBidsOn(ownerId, contractorId) {
            const owned = new Set(
              projects
                .all()
                .filter((p) => p.clientId === ownerId)
                .map((p) => p.id),
            );
            return bids
              .all()
              .filter(
                (b) => owned.has(b.projectId) && b.contractorId === contractorId && b.status === 'pending',
              )
              .sort((a, b) => (a.projectId < b.projectId ? -1 : 1))
              .map((b) => ({ bidId: b.id, projectId: b.projectId }));
          },
        },
        suspensions: {
          async activeFor(userId, now) {
            return activeSuspension(
              suspensions.all().filter((x) => x.userId === userId),
              now,
            );
          },
          async add(suspension) {
            suspensions.set(suspension.id, { ...suspension });
          },
          async save(suspension) {
            suspensions.set(suspension.id, { ...suspension });
          },
          async discardUnsentMail(userId) {
            mailDiscarded.push(userId);
            return 0;
          },
        },
        adminActions: {
          async record(entry) {
            adminActions.set(entry.id, { ...entry });
          },
        },
        moderation: {
          async target(type, id) {
            const isHidden = hidden.get(`${type}:${id}`) !== undefined;
            if (type === 'project') {
              const p = projects.get(id);
              return p
                ? {
                    type,
                    id,
                    authorId: p.clientId,
                    viewerIds: null,
                    projectId: id,
                    projectTitle: p.title,
                    hidden: isHidden,
                  }
                : null;
            }
            if (type === 'user') {
              const u = users.get(id);
              return u && !u.deletedAt
                ? {
                    type,
                    id,
                    authorId: id,
                    viewerIds: null,
                    projectId: null,
                    projectTitle: null,
                    hidden: false,
                  }
                : null;
            }
            if (type === 'question' || type === 'answer') {
              const q = questions.get(id);
              const p = q ? projects.get(q.projectId) : undefined;
              if (!q || !p || (type === 'answer' && q.answer === null)) return null;
              const authorId = type === 'answer' || q.askerId === null ? p.clientId : q.askerId;
              return {
                type,
                id,
                authorId,
                viewerIds: null,
                projectId: p.id,
                projectTitle: p.title,
                hidden: q.hidden,
              };
            }
            const seeded = db.reportTargets.rows.get(`${type}:${id}`);
            return seeded ? { ...seeded, hidden: seeded.hidden || isHidden } : null;
          },
          async hasOpenReport(reporterId, type, id) {
            return reports
              .all()
              .some(
                (r) =>
                  r.reporterId === reporterId &&
                  r.targetType === type &&
                  r.targetId === id &&
                  r.status === 'open',
              );
          },
          async addReport(report) {
            reports.set(report.id, { ...report });
          },
          async countOpen(type, id) {
            return reports
              .all()
              .filter((r) => r.targetType === type && r.targetId === id && r.status === 'open').length;
          },
          async lockOpenReports(type, id) {
            await lock(`report:${type}:${id}`);
            return reports
              .all()
              .filter((r) => r.targetType === type && r.targetId === id && r.status === 'open')
              .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
          },
          async closeReports(ids, outcome, adminId, at) {
            for (const id of ids) {
              const r = reports.get(id);
              if (r) reports.set(id, { ...r, status: 'closed', outcome, decidedBy: adminId, decidedAt: at });
            }
          },
          async claimOf(type, id) {
            return claims.get(`${type}:${id}`) ?? null;
          },
          async claim(type, id, adminId, at) {
            const key = `${type}:${id}`;
            if (claims.get(key)) return;
            const admin = users.get(adminId);
            const adminName = admin
              ? `${admin.firstName ?? ''} ${admin.lastName ?? ''}`.trim() || admin.email
              : '';
            claims.set(key, { adminId, adminName, claimedAt: at });
          },
          async release(type, id) {
            claims.delete(`${type}:${id}`);
          },
          async hide(entry) {
            const key = `${entry.targetType}:${entry.targetId}`;
            if (!hidden.get(key)) hidden.set(key, { ...entry });
          },
          async record(entry) {
            moderationLog.set(entry.id, { ...entry, reportIds: [...entry.reportIds] });
          },
        },
      });
      if (this.failNextCommit) {
        this.failNextCommit = false;
        throw new Error('commit failed');
      }
      for (const table of [
        users,
        projects,
        bids,
        reviews,
        achievements,
        messages,
        addenda,
        questions,
        roleChanges,
        outbox,
        blocks,
        suspensions,
        adminActions,
        reports,
        claims,
        hidden,
        moderationLog,
      ]) {
        table.commit();
      }
      db.erasedPersonalData.push(...erased);
      db.mailDiscardedFor.push(...mailDiscarded);
      db.commits++;
      return result;
    } catch (error) {
      db.rollbacks++;
      throw error;
    } finally {
      for (const release of releases) release();
    }
  }
}

function countBids(rows: BidSnapshot[], contractorId: string, from: Date, to: Date): number {
  return rows.filter(
    (b) =>
      b.contractorId === contractorId &&
      b.createdAt.getTime() >= from.getTime() &&
      b.createdAt.getTime() < to.getTime(),
  ).length;
}

function newestFirst<T extends { createdAt: Date; id: string }>(a: T, b: T): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);
}

export class InMemoryProjectQuery implements ProjectQuery {
  readonly #db: InMemoryDatabase;

  constructor(db: InMemoryDatabase) {
    this.#db = db;
  }

  #view(p: ProjectSnapshot): ProjectView {
    const bids = [...this.#db.bids.rows.values()].filter((b) => b.projectId === p.id);
    const owner = this.#db.users.rows.get(p.clientId);
    return {
      project: p,
      bidCount: bids.length,
      averageBidCents:
        bids.length === 0 ? null : Math.round(bids.reduce((s, b) => s + b.amountCents, 0) / bids.length),
      createdBy: {
        id: p.clientId,
        firstName: owner?.firstName ?? null,
        lastName: owner?.lastName ?? null,
        ratingHundredths: owner?.ratingHundredths ?? 0,
        reviewCount: owner?.reviewCount ?? 0,
      },
      viewCount: this.#db.engagement.viewCount(p.id),
      saveCount: this.#db.engagement.saveCount(p.id),
    };
  }

  async findView(id: string): Promise<ProjectView | null> {
    const p = this.#db.projects.rows.get(id);
    return p ? this.#view(p) : null;
  }

  async findDetail(id: string, viewerId: string): Promise<ProjectDetailView | null> {
    const p = this.#db.projects.rows.get(id);
    if (!p) return null;
    const viewerBid =
      [...this.#db.bids.rows.values()].find((b) => b.projectId === id && b.contractorId === viewerId) ?? null;
    const found = [...this.#db.reviews.rows.values()].find((r) => r.projectId === id);
    const review = found
      ? { rating: found.rating, comment: found.comment, createdAt: found.createdAt }
      : null;
    return { ...this.#view(p), viewerBid, review };
  }

  async list(filters: ProjectFilters): Promise<ProjectPage> {
    const matching = [...this.#db.projects.rows.values()]
      .filter((p) => matchesProjectFilters(p, filters))
      .sort(newestFirst);
    const start = filters.cursor ? Number(filters.cursor) : 0;
    const page = matching.slice(start, start + filters.limit);
    const next = start + filters.limit;
    return {
      items: page.map((p) => this.#view(p)),
      total: matching.length,
      nextCursor: next < matching.length ? String(next) : null,
    };
  }
}

/** pg_trgm's trigrams of a word: each word padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const found = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) found.add(padded.slice(i, i + 3));
  return found;
}

function similarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  const shared = [...x].filter((t) => y.has(t)).length;
  return shared / (x.size + y.size - shared);
}

/** SearchVocabulary over the projects' words, with pg_trgm's similarity and threshold (0.3). */
export class InMemorySearchVocabulary implements SearchVocabulary {
  readonly #db: InMemoryDatabase;

  constructor(db: InMemoryDatabase) {
    this.#db = db;
  }

  async nearest(words: readonly string[]): Promise<Map<string, string>> {
    const written = new Set(
      [...this.#db.projects.rows.values()].flatMap((p) => correctableWords(`${p.title} ${p.description}`)),
    );
    const found = new Map<string, string>();
    for (const word of words) {
      const best = [...written]
        .map((w) => ({ w, s: similarity(w, word) }))
        .filter(({ s }) => s >= 0.3)
        .sort((a, b) => b.s - a.s || a.w.length - b.w.length || (a.w < b.w ? -1 : 1))[0];
      if (best) found.set(word, best.w);
    }
    return found;
  }
}

export class InMemoryBidQuery implements BidQuery {
  readonly #db: InMemoryDatabase;

  constructor(db: InMemoryDatabase) {
    this.#db = db;
  }

  async listForProject(
    projectId: string,
    options: { contractorId?: string } = {},
  ): Promise<ProjectBidView[]> {
    return [...this.#db.bids.rows.values()]
      .filter((b) => b.projectId === projectId)
      .filter((b) => options.contractorId === undefined || b.contractorId === options.contractorId)
      .sort(newestFirst)
      .map((bid) => {
        const u = this.#db.users.rows.get(bid.contractorId);
        return {
          bid,
          contractor: {
            id: bid.contractorId,
            firstName: u?.firstName ?? null,
            lastName: u?.lastName ?? null,
            profileImageUrl: u?.profileImageUrl ?? null,
            ratingHundredths: u?.ratingHundredths ?? 0,
            reviewCount: u?.reviewCount ?? 0,
          },
        };
      });
  }

  async statusesOn(contractorId: string, projectIds: readonly string[]): Promise<MyBidStatus[]> {
    return [...this.#db.bids.rows.values()]
      .filter((b) => b.contractorId === contractorId && projectIds.includes(b.projectId))
      .map((b) => ({ projectId: b.projectId, bidId: b.id, status: b.status }));
  }

  async listForContractor(contractorId: string): Promise<MyBidView[]> {
    return [...this.#db.bids.rows.values()]
      .filter((b) => b.contractorId === contractorId)
      .sort(newestFirst)
      .flatMap((bid) => {
        const p = this.#db.projects.rows.get(bid.projectId);
        return p
          ? [
              {
                bid,
                project: {
                  id: p.id,
                  clientId: p.clientId,
                  title: p.title,
                  location: p.location,
                  category: p.category,
                  tags: p.tags,
                  budgetMinCents: p.budgetMinCents,
                  budgetMaxCents: p.budgetMaxCents,
                  currentPhase: p.currentPhase,
                  owner: {
                    id: p.clientId,
                    firstName: this.#db.users.rows.get(p.clientId)?.firstName ?? null,
                    lastName: this.#db.users.rows.get(p.clientId)?.lastName ?? null,
                    ratingHundredths: this.#db.users.rows.get(p.clientId)?.ratingHundredths ?? 0,
                    reviewCount: this.#db.users.rows.get(p.clientId)?.reviewCount ?? 0,
                  },
                },
              },
            ]
          : [];
      });
  }
}

export class InMemoryStatsQuery implements StatsQuery {
  readonly #db: InMemoryDatabase;

  constructor(db: InMemoryDatabase) {
    this.#db = db;
  }

  async projectCountsByOwner(clientId: string) {
    const mine = [...this.#db.projects.rows.values()].filter((p) => p.clientId === clientId);
    return {
      posted: mine.length,
      active: mine.filter((p) => p.status === 'active').length,
      completed: mine.filter((p) => p.status === 'completed').length,
    };
  }

  async bidCountsByContractor(contractorId: string) {
    const mine = [...this.#db.bids.rows.values()].filter((b) => b.contractorId === contractorId);
    return {
      total: mine.length,
      pending: mine.filter((b) => b.status === 'pending').length,
      accepted: mine.filter((b) => b.status === 'accepted').length,
    };
  }

  async countBidsCreatedBetween(contractorId: string, from: Date, to: Date) {
    return countBids([...this.#db.bids.rows.values()], contractorId, from, to);
  }

  async platformCounts() {
    return {
      activeProjects: [...this.#db.projects.rows.values()].filter((p) => p.status === 'active').length,
      totalBids: this.#db.bids.rows.size,
    };
  }
}

export class FakeClock implements Clock {
  #now: Date;

  constructor(now: Date | string = '2025-03-15T12:00:00Z') {
    this.#now = new Date(now);
  }

  now(): Date {
    return new Date(this.#now);
  }

  set(now: Date | string): void {
    this.#now = new Date(now);
  }

  advance(ms: number): void {
    this.#now = new Date(this.#now.getTime() + ms);
  }
}

export class SequentialIds implements IdGenerator {
  #n = 0;
  readonly #prefix: string;

  constructor(prefix = 'id') {
    this.#prefix = prefix;
  }

  next(): string {
    this.#n += 1;
    return `${this.#prefix}-${this.#n}`;
  }
}

export class RecordingPublisher implements EventPublisher {
  readonly published: DomainEvent[] = [];

  async publish(events: readonly DomainEvent[]): Promise<void> {
    this.published.push(...events);
  }

  types(): string[] {
    return this.published.map((e) => e.type);
  }

  clear(): void {
    this.published.length = 0;
  }
}

export class FakeFileStorage implements FileStorage {
  readonly stored = new Map<string, StoredFile>();
  readonly removed: string[] = [];
  failRemove = false;
  #n = 0;

  async save(input: {
    originalName: string;
    mimeType: string;
    data: AsyncIterable<Uint8Array>;
  }): Promise<StoredFile> {
    let size = 0;
    for await (const chunk of input.data) size += chunk.length;
    this.#n += 1;
    const file = {
      name: `file-${this.#n}`,
      originalName: input.originalName,
      mimeType: input.mimeType,
      size,
    };
    this.stored.set(file.name, file);
    return file;
  }

  async remove(names: readonly string[]): Promise<void> {
    if (this.failRemove) throw new Error('storage down');
    for (const name of names) {
      this.removed.push(name);
      this.stored.delete(name);
    }
  }
}

/** SuspensionQuery over the committed suspensions of an InMemoryDatabase (decision 0223). */
export class InMemorySuspensionQuery implements SuspensionQuery {
  readonly #db: InMemoryDatabase;

  constructor(db: InMemoryDatabase) {
    this.#db = db;
  }

  async activeFor(userId: string, now: Date): Promise<SuspensionSnapshot | null> {
    return activeSuspension(
      [...this.#db.suspensions.rows.values()].filter((s) => s.userId === userId),
      now,
    );
  }

  async activeAmong(userIds: readonly string[], now: Date): Promise<Map<string, SuspensionSnapshot>> {
    const found = new Map<string, SuspensionSnapshot>();
    for (const id of userIds) {
      const active = await this.activeFor(id, now);
      if (active) found.set(id, active);
    }
    return found;
  }
}

/** HiddenContent (decision 0221) over the database's `hidden` table: what the moderators hid. */
export class InMemoryHiddenContent implements HiddenContent {
  readonly #db: InMemoryDatabase;

  constructor(db: InMemoryDatabase) {
    this.#db = db;
  }

  async hiddenAmong(type: ReportTargetType, ids: readonly string[]): Promise<Set<string>> {
    return new Set(ids.filter((id) => this.#db.hidden.rows.has(`${type}:${id}`)));
  }

  async projectsWithHiddenReview(projectIds: readonly string[]): Promise<Set<string>> {
    const hiddenReviews = [...this.#db.reviews.rows.values()].filter((r) =>
      this.#db.hidden.rows.has(`review:${r.id}`),
    );
    return new Set(projectIds.filter((id) => hiddenReviews.some((r) => r.projectId === id)));
  }

  async countHiddenProjects(filters: ProjectFilters, viewerId: string | null): Promise<number> {
    const { limit: _limit, cursor: _cursor, ...rest } = filters;
    return [...this.#db.projects.rows.values()].filter(
      (p) =>
        this.#db.hidden.rows.has(`project:${p.id}`) &&
        p.clientId !== viewerId &&
        matchesProjectFilters(p, rest),
    ).length;
  }
}
