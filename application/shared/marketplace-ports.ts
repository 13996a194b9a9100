/**
 * Ports of the marketplace use cases (projects, bids, plans, reviews, achievements), named after the
 * domain's nouns. Adapters implement them; the tests use the in-memory fakes under tests/fakes.
 */
import type { AchievementProgress } from '../../domain/achievement/achievement.ts';
import type { Bid } from '../../domain/bid/bid.ts';
import type { Addendum } from '../../domain/project/addendum.ts';
import type { Project } from '../../domain/project/project.ts';
import type { Question } from '../../domain/project/question.ts';
import type { Review } from '../../domain/review/review.ts';
import type { DomainEvent } from '../../domain/shared/events.ts';
import type { User } from '../../domain/user/user.ts';
import type { PersonalData, RoleChangeLog, UserRepository } from '../accounts/ports.ts';
import type { AdminActionLog } from '../admin/ports.ts';
import type { BlockRepository, ModerationRepository, SuspensionRepository } from '../safety/ports.ts';
import type { Clock, IdGenerator } from './ports.ts';

export interface ProjectRepository {
  findById(id: string): Promise<Project | null>;
  /**
   * Loads the project and locks its row until the transaction ends (SELECT ... FOR UPDATE), so two
   * decisions on one project (accept, decline, move, cancel, edit a bid) run one after the other.
   */
  lockForUpdate(id: string): Promise<Project | null>;
  add(project: Project): Promise<void>;
  save(project: Project): Promise<void>;
  /** Removes the project row. Its bids are removed first with BidRepository.deleteByProject. */
  delete(id: string): Promise<void>;
}

export interface BidRepository {
  findById(id: string): Promise<Bid | null>;
  findByProjectAndContractor(projectId: string, contractorId: string): Promise<Bid | null>;
  listByProject(projectId: string): Promise<Bid[]>;
  /** How many bids the contractor created in [from, to): the monthly quota's count. */
  countByContractorCreatedBetween(contractorId: string, from: Date, to: Date): Promise<number>;
  /**
   * Inserts a new bid. The table keeps a unique key on (projectId, contractorId); on a violation
   * the adapter throws ConflictError('BID_ALREADY_EXISTS').
   */
  add(bid: Bid): Promise<void>;
  save(bid: Bid): Promise<void>;
  deleteByProject(projectId: string): Promise<void>;
}

/** A project's addenda (decision 0130). */
export interface AddendumRepository {
  add(addendum: Addendum): Promise<void>;
  /** Oldest first. */
  listByProject(projectId: string): Promise<Addendum[]>;
  /** Removes the project's addenda and returns their stored file names (removed after commit). */
  deleteByProject(projectId: string): Promise<string[]>;
}

/** Project questions and clarifications (decision 0131). */
export interface QuestionRepository {
  findById(id: string): Promise<Question | null>;
  add(question: Question): Promise<void>;
  save(question: Question): Promise<void>;
  /** Oldest first. */
  listByProject(projectId: string): Promise<Question[]>;
  /** How many questions the user asked since `since` (the rate limit). */
  countAskedSince(askerId: string, since: Date): Promise<number>;
}

/** Users inside a transaction: the accounts repository plus a row lock. */
export interface TransactionalUserRepository extends UserRepository {
  /**
   * Loads the user and locks the row until the transaction ends (SELECT ... FOR UPDATE). Submitting a
   * bid takes this lock first, so "count this month's bids, check the quota, insert the bid" is one
   * atomic step per bidder: a second concurrent submission waits and then counts the first one's bid.
   */
  lockForUpdate(id: string): Promise<User | null>;
  /**
   * Locks every admin's row (in id order) and answers their ids. A concurrent role change of another
   * admin waits, and then no longer counts the one it waited for if that one lost the role: so "is this
   * the last admin?" stays true until the transaction ends (decision 0091).
   */
  lockAdmins(): Promise<string[]>;
}

export interface ReviewRepository {
  findByProjectAndReviewer(projectId: string, reviewerId: string): Promise<Review | null>;
  /** Inserts; the table keeps a unique key on (projectId, reviewerId) → ConflictError('REVIEW_ALREADY_EXISTS'). */
  add(review: Review): Promise<void>;
  /** The number and the sum of the ratings of the reviews about a user (including ones added in this transaction). */
  summaryFor(revieweeId: string): Promise<{ count: number; total: number }>;
  /** A deleted project's reviews are kept with their projectId cleared. */
  clearProject(projectId: string): Promise<void>;
}

/** Messages refer to projects; they belong to messaging, but deleting a project must touch them. */
export interface ProjectMessageLinks {
  /** Messages about a deleted project are kept; their projectId is set to null. */
  clearProject(projectId: string): Promise<void>;
}

export interface AchievementRepository {
  /** The user's progress (achievement rows and earned badges), or null when they have none yet. */
  findByUser(userId: string): Promise<AchievementProgress | null>;
  /** Inserts or updates the rows of the snapshot (a user_badge is only ever inserted). */
  save(progress: AchievementProgress): Promise<void>;
}

/** The repositories bound to one database transaction. */
export interface Transaction {
  projects: ProjectRepository;
  bids: BidRepository;
  users: TransactionalUserRepository;
  reviews: ReviewRepository;
  messages: ProjectMessageLinks;
  achievements: AchievementRepository;
  addenda: AddendumRepository;
  questions: QuestionRepository;
  roleChanges: RoleChangeLog;
  outbox: EventOutbox;
  /** The account deletion's part (decision 0160). */
  personalData: PersonalData;
  /** Who blocked whom (decision 0220): a bid consults it, a block writes it. */
  blocks: BlockRepository;
  /** Suspensions (decision 0223): a bid consults the owner's, an admin writes them. */
  suspensions: SuspensionRepository;
  /** The admin actions log (decision 0224), written in the action's transaction. */
  adminActions: AdminActionLog;
  /** Reports, claims, hidden content and the moderation log (decision 0221). */
  moderation: ModerationRepository;
}

/**
 * The transactional outbox (decision 0142): the events of a change are written in the change's own
 * transaction, so they are never lost between the commit and their delivery. EventPublisher.publish
 * after the commit then delivers them; a process that died in between leaves them for the next one.
 */
export interface EventOutbox {
  add(events: readonly DomainEvent[]): Promise<void>;
}

/** What a unit of work that changes something answers: its result, and the domain events it raised. */
export interface Outcome<T> {
  result: T;
  events: readonly DomainEvent[];
}

export interface UnitOfWork {
  /**
   * Runs `work` in one database transaction: commits when it resolves, rolls back when it throws
   * (and rethrows). Locks taken with lockForUpdate are held until then. For reads, and for work that
   * raises no events; a change that raises events goes through `commit`.
   */
  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Lock, act, add to the outbox, commit, publish, in that order and in one place: runs `work` in one
   * transaction as `run` does, adds the events it returns to the outbox inside that transaction, commits,
   * and then publishes them (EventPublisher). Answers the work's result. Nothing is published when the
   * work throws or the commit fails.
   */
  commit<T>(work: (tx: Transaction) => Promise<Outcome<T>>): Promise<T>;
}

/** What a use case that adds new records in one unit of work takes: the unit of work, new ids, and the time. */
export interface AddingDeps {
  uow: UnitOfWork;
  ids: IdGenerator;
  clock: Clock;
}

export interface EventPublisher {
  /**
   * Called after commit. Delivery to subscribers (notifications, achievements, sockets) is the adapter's.
   * Events a use case wrote to the outbox (tx.outbox.add) are delivered from there, once, even if this
   * process dies before it delivers them.
   */
  publish(events: readonly DomainEvent[]): Promise<void>;
}

/** A file as stored by FileStorage: its stored name is served at /uploads/{name}. */
export interface StoredFile {
  name: string;
  originalName: string;
  mimeType: string;
  size: number;
}

/** An upload as it arrives: what the user called it, the type the browser declared, and the bytes. */
export interface FileUpload {
  originalName: string;
  mimeType: string;
  data: AsyncIterable<Uint8Array>;
}

export interface FileStorage {
  /**
   * Stores an upload under a new unguessable name. The adapter should stop reading and throw
   * TooLargeError('FILE_TOO_LARGE', '{file} exceeds 80MB limit') past 80 MB (checkUploadedFile).
   */
  save(input: FileUpload): Promise<StoredFile>;
  /** Removes stored files; names that do not exist are ignored. */
  remove(names: readonly string[]): Promise<void>;
}

/* The card payment provider (PaymentGateway) and its records are in ../subscription/ports.ts. */

/** Platform settings the use cases read. */
export interface PlatformSettings {
  /** IANA time zone in which calendar months (the bid quota) are counted; default America/Nassau. */
  timeZone: string;
}
