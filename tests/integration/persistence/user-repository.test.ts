import { randomUUID } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MikroOrmUserRepository } from '#adapters/persistence/mikro-orm-user-repository.ts';
import { closeOrm } from '#adapters/persistence/orm.ts';
import { ConflictError } from '#domain/shared/errors.ts';
import { User, type UserSnapshot } from '#domain/user/user.ts';
import { openTestOrm, truncateAll } from '../support/database.ts';

const T0 = new Date('2026-01-02T03:04:05.678Z');

function aUser(overrides: Partial<UserSnapshot> = {}): User {
  return User.restore({
    id: randomUUID(),
    email: `user-${randomUUID()}@example.com`,
    passwordHash: 'scrypt$salt$hash',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: 'https://cdn.example.com/ada.png',
    role: 'contractor',
    country: 'GB',
    subscriptionTier: 'pro',
    stripeCustomerId: 'cus_123',
    stripeSubscriptionId: 'sub_456',
    ratingHundredths: 457,
    reviewCount: 12,
    emailNotifications: false,
    services: ['plumbing', 'tiling, floors', 'say "hi"', 'NULL', ''],
    createdAt: T0,
    updatedAt: new Date('2026-02-03T04:05:06.789Z'),
    ...overrides,
  });
}

describe('MikroOrmUserRepository (PostgreSQL)', () => {
  let orm: MikroORM;

  beforeAll(async () => {
    orm = await openTestOrm();
  });
  afterAll(async () => {
    await closeOrm(orm);
  });
  beforeEach(async () => {
    await truncateAll(orm);
  });

  /** A repository on a fresh fork: one identity map, as one HTTP request has. */
  function repository(): MikroOrmUserRepository {
    return new MikroOrmUserRepository(orm.em.fork());
  }

  it('schema from the migrations matches the entity mappings', async () => {
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });

  it('round-trips every field through add and findById / findByEmail', async () => {
    const user = aUser();
    await repository().add(user);

    const byId = await repository().findById(user.id);
    const byEmail = await repository().findByEmail(user.email);

    expect(byId?.toSnapshot()).toEqual(user.toSnapshot());
    expect(byEmail?.toSnapshot()).toEqual(user.toSnapshot());
  });

  it('round-trips a freshly registered user (nulls, defaults, empty services)', async () => {
    const user = User.register({ id: randomUUID(), email: 'New@Example.com', passwordHash: 'h', now: T0 });
    await repository().add(user);

    const found = await repository().findById(user.id);
    expect(found?.toSnapshot()).toEqual(user.toSnapshot());
    expect(found?.toSnapshot()).toMatchObject({
      firstName: null,
      profileImageUrl: null,
      stripeCustomerId: null,
      ratingHundredths: 0,
      services: [],
    });
  });

  it.each([0, 5, 50, 99, 100, 101, 450, 999])('keeps ratingHundredths %i exact', async (ratingHundredths) => {
    const user = aUser({ ratingHundredths });
    await repository().add(user);
    expect((await repository().findById(user.id))?.toSnapshot().ratingHundredths).toBe(ratingHundredths);
  });

  it('stores the rating as numeric(3,2) in the rating column', async () => {
    const user = aUser({ ratingHundredths: 450 });
    await repository().add(user);
    const rows: { rating: string }[] = await orm.em
      .getConnection()
      .execute('select rating::text as rating from users where id = ?', [user.id]);
    expect(rows[0]?.rating).toBe('4.50');
  });

  it('returns null for unknown ids, malformed ids and unknown emails', async () => {
    const repo = repository();
    expect(await repo.findById(randomUUID())).toBeNull();
    expect(await repo.findById('not-a-uuid')).toBeNull();
    expect(await repo.findByEmail('nobody@example.com')).toBeNull();
  });

  it('rejects a duplicate email with ConflictError EMAIL_TAKEN and writes nothing', async () => {
    const first = aUser({ email: 'taken@example.com' });
    await repository().add(first);

    const repo = repository();
    const second = aUser({ email: 'taken@example.com', firstName: 'Other' });
    const error = await repo.add(second).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ code: 'EMAIL_TAKEN', field: 'email', kind: 'conflict' });
    expect(await repository().findById(second.id)).toBeNull();
    expect((await repository().findByEmail('taken@example.com'))?.toSnapshot()).toEqual(first.toSnapshot());
    expect(await repository().list()).toHaveLength(1);

    // The same unit of work stays usable: the failed insert is not retried by the next flush.
    expect(await repo.findById(second.id)).toBeNull();
    const third = aUser();
    await repo.add(third);
    expect(await repository().list()).toHaveLength(2);
  });

  it('does not map other failures to EMAIL_TAKEN (duplicate id)', async () => {
    const user = aUser();
    await repository().add(user);
    const error = await repository()
      .add(aUser({ id: user.id }))
      .catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ code: '23505' });
  });

  it('save persists a role change (and updatedAt)', async () => {
    const user = aUser({ role: 'client' });
    await repository().add(user);

    const repo = repository();
    const loaded = await repo.findById(user.id);
    if (!loaded) throw new Error('user not found');
    const later = new Date('2026-03-04T05:06:07.000Z');
    loaded.assignRole('admin', later);
    await repo.save(loaded);

    const reloaded = await repository().findById(user.id);
    expect(reloaded?.role).toBe('admin');
    expect(reloaded?.toSnapshot().updatedAt).toEqual(later);
    expect(reloaded?.toSnapshot()).toEqual(loaded.toSnapshot());
  });

  it('save works for a user this unit of work has not loaded', async () => {
    const user = aUser({ role: 'client' });
    await repository().add(user);
    const copy = User.restore({ ...user.toSnapshot() });
    copy.changeOwnRole('vendor', new Date('2026-05-01T00:00:00Z'));

    await repository().save(copy);

    expect((await repository().findById(user.id))?.role).toBe('vendor');
  });

  it('lists users by role, oldest first', async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const c2 = aUser({ role: 'contractor', createdAt: day(2) });
    const v1 = aUser({ role: 'vendor', createdAt: day(1) });
    const c1 = aUser({ role: 'contractor', createdAt: day(1) });
    const c3 = aUser({ role: 'contractor', createdAt: day(3) });
    const repo = repository();
    for (const user of [c2, v1, c3, c1]) await repo.add(user);

    const contractors = await repository().list({ role: 'contractor' });
    expect(contractors.map((u) => u.id)).toEqual([c1.id, c2.id, c3.id]);
    expect((await repository().list({ role: 'vendor' })).map((u) => u.id)).toEqual([v1.id]);
    expect(await repository().list({ role: 'admin' })).toEqual([]);
    expect((await repository().list()).map((u) => u.id)).toHaveLength(4);
  });

  it('works on the global em inside RequestContext, as the API wires it', async () => {
    const repo = new MikroOrmUserRepository(orm.em);
    const user = aUser();

    await RequestContext.create(orm.em, () => repo.add(user));
    const found = await RequestContext.create(orm.em, () => repo.findById(user.id));

    expect(found?.toSnapshot()).toEqual(user.toSnapshot());
    // Outside a context the global em refuses to work, so no state leaks between requests.
    await expect(repo.findById(user.id)).rejects.toThrow(/global EntityManager/i);
  });
});
