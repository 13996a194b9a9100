import { createHash, randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SqlOAuthModels } from '#adapters/persistence/oauth-models.ts';
import { closeOrm } from '#adapters/persistence/orm.ts';
import { runSql } from '#adapters/persistence/sql.ts';
import { openTestOrm, truncateAll } from '../support/database.ts';

/** oidc-provider's storage contract (its example/my_adapter.js) on oauth_models (decision 0213). */
describe('SqlOAuthModels (PostgreSQL)', () => {
  let orm: MikroORM;
  let models: SqlOAuthModels;

  beforeAll(async () => {
    orm = await openTestOrm();
    models = new SqlOAuthModels(orm.em);
  });
  afterAll(async () => {
    await closeOrm(orm);
  });
  beforeEach(async () => {
    await truncateAll(orm);
  });

  const rows = () =>
    runSql<{ model: string; id: string; payload: Record<string, unknown>; grant_id: string | null }>(
      orm.em,
      'select model, id, payload, grant_id from oauth_models order by model, id',
    );

  it('keeps a token under the SHA-256 of its value, without the value, and gives it back on find', async () => {
    const tokens = models.adapterFor('AccessToken');
    const payload = { jti: 'secret-value', kind: 'AccessToken', grantId: 'g1', scope: 'bids:read', iat: 1 };
    await tokens.upsert('secret-value', payload, 60);
    const [row] = await rows();
    expect(row).toMatchObject({
      model: 'AccessToken',
      id: createHash('sha256').update('secret-value').digest('hex'),
      grant_id: 'g1',
    });
    expect(row?.payload).not.toHaveProperty('jti');
    expect(await tokens.find('secret-value')).toEqual(payload);
    expect(await tokens.find('other-value')).toBeUndefined();
  });

  it('keeps references (a grant) and short-lived state (a session) as given, found by uid', async () => {
    await models.adapterFor('Grant').upsert('g1', { jti: 'g1', kind: 'Grant' }, 60);
    const session = { jti: 's1', uid: 'u1', kind: 'Session', accountId: 'a' };
    await models.adapterFor('Session').upsert('s1', session, 60);
    expect((await rows()).map((row) => [row.model, row.id])).toEqual([
      ['Grant', 'g1'],
      ['Session', 's1'],
    ]);
    expect(await models.adapterFor('Session').findByUid('u1')).toEqual(session);
    expect(await models.adapterFor('Grant').findByUid('u1')).toBeUndefined();
  });

  it('answers consumed, expired and destroyed rows as the contract says', async () => {
    const codes = models.adapterFor('AuthorizationCode');
    await codes.upsert('c1', { jti: 'c1', kind: 'AuthorizationCode' }, 60);
    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toEqual(expect.any(Number));
    // Saving again starts unconsumed (as the in-memory adapter replaces the record).
    await codes.upsert('c1', { jti: 'c1', kind: 'AuthorizationCode' }, 60);
    expect(await codes.find('c1')).not.toHaveProperty('consumed');

    await codes.upsert('old', { jti: 'old', kind: 'AuthorizationCode' }, -1);
    expect(await codes.find('old')).toBeUndefined();
    expect(await models.deleteExpired(new Date())).toBe(1);

    await codes.destroy('c1');
    expect(await codes.find('c1')).toBeUndefined();
  });

  it('revokes by grant only within the model asked', async () => {
    for (const model of ['AccessToken', 'RefreshToken']) {
      await models.adapterFor(model).upsert(`${model}-1`, { jti: `${model}-1`, grantId: 'g1' }, 60);
      await models.adapterFor(model).upsert(`${model}-2`, { jti: `${model}-2`, grantId: 'g2' }, 60);
    }
    await models.adapterFor('AccessToken').revokeByGrantId('g1');
    expect(await models.adapterFor('AccessToken').find('AccessToken-1')).toBeUndefined();
    expect(await models.adapterFor('AccessToken').find('AccessToken-2')).toBeDefined();
    expect(await models.adapterFor('RefreshToken').find('RefreshToken-1')).toBeDefined();
  });

  it('finds nothing for ids that cannot be users or apps', async () => {
    expect(await models.listForUser('not-a-uuid')).toEqual([]);
    expect(await models.revokeForUser(randomUUID(), 'not-a-uuid')).toBe(false);
    expect(await models.findGrantId(randomUUID(), randomUUID())).toBeNull();
  });
});
