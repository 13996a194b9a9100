import type { EntityManager } from '@mikro-orm/core';
import type { UserRepository } from '../../application/accounts/ports.ts';
import { ConflictError, NotFoundError } from '../../domain/shared/errors.ts';
import { type Role, User } from '../../domain/user/user.ts';
import type { UserReadCache } from '../caching/user-read-cache.ts';
import { UserRecord } from './entities.ts';
import { flushRecord, saveRecord } from './flush.ts';
import { isUniqueViolationOf } from './unique-violation.ts';
import { userRowToDomain, userToRow } from './user-mapper.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A write that broke the unique email is 409 EMAIL_TAKEN; other failures are thrown as they are. */
function emailTakenIfDuplicate(error: unknown): unknown {
  return isUniqueViolationOf(error, 'users_email_unique')
    ? new ConflictError('EMAIL_TAKEN', 'An account with this email already exists', 'email')
    : error;
}

/**
 * UserRepository on PostgreSQL. Give it the global `orm.em`: inside `RequestContext.create(orm.em, ...)`
 * every call resolves to that request's fork. Each write method flushes before it returns.
 */
export class MikroOrmUserRepository implements UserRepository {
  readonly #em: EntityManager;
  readonly #cache: UserReadCache | undefined;
  readonly #readFromCache: boolean;

  /**
   * With a cache, every write invalidates the user's entry; plain reads (`readFromCache`, default true)
   * also use it. Transactional repositories pass `readFromCache: false` (decision 0007).
   */
  constructor(em: EntityManager, options: { cache?: UserReadCache; readFromCache?: boolean } = {}) {
    this.#em = em;
    this.#cache = options.cache;
    this.#readFromCache = options.readFromCache ?? true;
  }

  async findById(id: string): Promise<User | null> {
    // The column is uuid: a malformed id (from a URL, say) cannot match, and must not reach PostgreSQL.
    if (!UUID_PATTERN.test(id)) return null;
    const cache = this.#readFromCache ? this.#cache : undefined;
    const cached = cache?.get(id);
    if (cached) return User.restore(cached);
    const record = await this.#em.findOne(UserRecord, { id });
    if (!record) return null;
    const user = userRowToDomain(record);
    cache?.set(user.toSnapshot());
    return user;
  }

  async findByEmail(email: string): Promise<User | null> {
    const record = await this.#em.findOne(UserRecord, { email });
    return record ? userRowToDomain(record) : null;
  }

  async add(user: User): Promise<void> {
    this.#cache?.invalidate(user.id);
    await flushRecord(this.#em, this.#em.create(UserRecord, userToRow(user)), emailTakenIfDuplicate);
  }

  async save(user: User): Promise<void> {
    this.#cache?.invalidate(user.id);
    await saveRecord(
      this.#em,
      UserRecord,
      user.id,
      () => userToRow(user),
      () => new NotFoundError('USER_NOT_FOUND', `User ${user.id} does not exist`),
      emailTakenIfDuplicate,
    );
  }

  async list(filter: { role?: Role } = {}): Promise<User[]> {
    const where = filter.role === undefined ? {} : { role: filter.role };
    const records = await this.#em.find(UserRecord, where, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return records.map((record) => userRowToDomain(record));
  }
}
