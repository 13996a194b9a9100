import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MikroOrmUnitOfWork } from '#adapters/persistence/mikro-orm-unit-of-work.ts';
import { closeOrm } from '#adapters/persistence/orm.ts';
import { Bid } from '#domain/bid/bid.ts';
import { isPglite, storeBid, storeProject, storeUser } from '../persistence/marketplace-fixtures.ts';
import { openTestOrm, truncateAll } from '../support/database.ts';

/**
 * Behaviour that needs two transactions open at once, which the embedded PGlite cannot run (it runs one
 * transaction at a time, so the second would wait forever). This folder runs only against a real
 * PostgreSQL (TEST_DATABASE_URL / DATABASE_URL; CI always has one); see vitest.config.ts.
 */
describe('MikroOrmUnitOfWork with concurrent transactions (PostgreSQL)', () => {
  let orm: MikroORM;
  let uow: MikroOrmUnitOfWork;

  beforeAll(async () => {
    orm = await openTestOrm();
    if (await isPglite(orm)) throw new Error('tests/integration/postgres-only needs a real PostgreSQL');
    uow = new MikroOrmUnitOfWork(orm.em);
  });
  afterAll(async () => {
    await closeOrm(orm);
  });
  beforeEach(async () => {
    await truncateAll(orm);
  });

  it('a read after another transaction committed sees the new state (no stale identity map)', async () => {
    const owner = await storeUser(orm, 'client');
    const contractor = await storeUser(orm, 'contractor');
    const project = await storeProject(orm, owner.id);
    const bid = await storeBid(orm, project.id, contractor.id);
    await uow.run(async (tx) => {
      expect((await tx.bids.findById(bid.id))?.status).toBe('pending');
      await uow.run((other) => other.bids.save(Bid.restore({ ...bid, status: 'rejected' })));
      expect((await tx.bids.findById(bid.id))?.status).toBe('rejected');
      expect((await tx.bids.listByProject(project.id)).map((b) => b.status)).toEqual(['rejected']);
    });
  });
});
