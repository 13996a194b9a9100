import { errorOf } from '@buildbid/test-kit/samples';
import { describe, expect, it } from 'vitest';
import { looksLikeAccessToken, RandomAccessTokenSecrets } from '#adapters/security/access-token-secrets.ts';
import {
  AuthenticateBearer,
  CreateAccessToken,
  ListAccessTokens,
  RevokeAccessToken,
} from '#application/access-tokens/index.ts';
import type { AccessTokenRepository } from '#application/access-tokens/ports.ts';
import {
  type AccessTokenSnapshot,
  grants,
  isUseWorthRecording,
  MAX_ACTIVE_TOKENS,
  newAccessToken,
  tokenStatus,
} from '#domain/access/access-token.ts';
import { SCOPE_NAMES } from '#domain/access/scopes.ts';
import { InMemoryUserRepository } from '../../fakes/accounts.ts';
import { FakeClock, SequentialIds } from '../../fakes/in-memory.ts';
import { aClient, aContractor, DAY } from '../../fakes/mothers.ts';

/** AccessTokenRepository in memory, keeping snapshots as a table would. */
class MemoryTokens implements AccessTokenRepository {
  readonly rows: AccessTokenSnapshot[] = [];
  uses = 0;

  async add(token: AccessTokenSnapshot, now: Date, check: (activeCount: number) => void) {
    check(this.rows.filter((t) => t.userId === token.userId && tokenStatus(t, now) === 'active').length);
    this.rows.push({ ...token });
  }
  async listForUser(userId: string) {
    return this.rows.filter((t) => t.userId === userId).reverse();
  }
  async findByHash(hash: string) {
    return this.rows.find((t) => t.tokenHash === hash) ?? null;
  }
  async revoke(userId: string, id: string, now: Date) {
    const row = this.rows.find((t) => t.id === id && t.userId === userId);
    if (row) row.revokedAt ??= now;
    return row !== undefined;
  }
  async revokeAllForUser(userId: string, now: Date) {
    const open = this.rows.filter((t) => t.userId === userId && !t.revokedAt);
    for (const row of open) row.revokedAt = now;
    return open.length;
  }
  async recordUse(id: string, now: Date, ip: string) {
    const row = this.rows.find((t) => t.id === id);
    if (row) Object.assign(row, { lastUsedAt: now, lastUsedIp: ip });
    this.uses += 1;
  }
}

function setup() {
  const clock = new FakeClock('2027-03-01T12:00:00Z');
  const tokens = new MemoryTokens();
  const users = new InMemoryUserRepository();
  const secrets = new RandomAccessTokenSecrets();
  const client = aClient('c1');
  const contractor = aContractor('k1');
  void users.add(client);
  void users.add(contractor);
  const deps = { tokens, secrets, users, clock, ids: new SequentialIds('tok') };
  return {
    clock,
    tokens,
    users,
    client,
    contractor,
    create: new CreateAccessToken(deps),
    list: new ListAccessTokens(deps),
    revoke: new RevokeAccessToken(deps),
    bearer: new AuthenticateBearer(deps),
  };
}

describe('personal access tokens: the rules', () => {
  const base = {
    id: 't',
    userId: 'u',
    secret: 'bbpat_x',
    tokenHash: 'h',
    now: new Date('2027-01-01T00:00:00Z'),
  };

  it('expires after 90 days unless told, and at most after 365', () => {
    expect(newAccessToken({ ...base, name: 'CI', scopes: ['projects:read'] }).expiresAt.toISOString()).toBe(
      '2027-04-01T00:00:00.000Z',
    );
    expect(
      newAccessToken({
        ...base,
        name: 'CI',
        scopes: ['projects:read'],
        expiresInDays: 365,
      }).expiresAt.toISOString(),
    ).toBe('2028-01-01T00:00:00.000Z');
    for (const days of [0, 366, 1.5, -3]) {
      const error = errorOf<{ code: string; field: string }>(() =>
        newAccessToken({ ...base, name: 'CI', scopes: ['projects:read'], expiresInDays: days }),
      );
      expect([error.code, error.field]).toEqual(['TOKEN_EXPIRY_INVALID', 'expiresInDays']);
    }
  });

  it('needs a name of at most 100 characters and known scopes, kept once each in the catalogue order', () => {
    expect(errorOf(() => newAccessToken({ ...base, name: '  ', scopes: ['bids:read'] })).code).toBe(
      'TOKEN_NAME_REQUIRED',
    );
    expect(
      errorOf(() => newAccessToken({ ...base, name: 'x'.repeat(101), scopes: ['bids:read'] })).code,
    ).toBe('TOKEN_NAME_TOO_LONG');
    expect(errorOf(() => newAccessToken({ ...base, name: 'CI', scopes: [] })).code).toBe(
      'TOKEN_SCOPES_REQUIRED',
    );
    const unknown = errorOf<{ code: string; message: string }>(() =>
      newAccessToken({ ...base, name: 'CI', scopes: ['bids:read', 'admin'] }),
    );
    expect(unknown.code).toBe('UNKNOWN_SCOPE');
    expect(unknown.message).toContain("'admin'");
    const token = newAccessToken({
      ...base,
      name: ' CI ',
      scopes: ['bids:write', 'projects:read', 'bids:write'],
    });
    expect(token.name).toBe('CI');
    expect(token.scopes).toEqual(['projects:read', 'bids:write']);
  });

  it('is active until it expires or is revoked; grants only its own scopes', () => {
    const token = newAccessToken({ ...base, name: 'CI', scopes: ['projects:read'], expiresInDays: 1 });
    expect(tokenStatus(token, base.now)).toBe('active');
    expect(tokenStatus(token, new Date(base.now.getTime() + DAY))).toBe('expired');
    expect(tokenStatus({ ...token, revokedAt: base.now }, base.now)).toBe('revoked');
    expect(grants(token.scopes, 'projects:read')).toBe(true);
    expect(grants(token.scopes, 'projects:write')).toBe(false);
  });

  it('writes a use down at most once a minute per address', () => {
    const at = new Date('2027-01-01T00:00:00Z');
    expect(isUseWorthRecording({ lastUsedAt: null, lastUsedIp: null }, at, '1.2.3.4')).toBe(true);
    expect(
      isUseWorthRecording(
        { lastUsedAt: at, lastUsedIp: '1.2.3.4' },
        new Date(at.getTime() + 59_000),
        '1.2.3.4',
      ),
    ).toBe(false);
    expect(
      isUseWorthRecording(
        { lastUsedAt: at, lastUsedIp: '1.2.3.4' },
        new Date(at.getTime() + 60_000),
        '1.2.3.4',
      ),
    ).toBe(true);
    expect(isUseWorthRecording({ lastUsedAt: at, lastUsedIp: '1.2.3.4' }, at, '5.6.7.8')).toBe(true);
  });
});

describe('personal access tokens: the secrets', () => {
  it('start with bbpat_, carry a checksum a scanner can verify, and are stored only as a SHA-256', () => {
    const secrets = new RandomAccessTokenSecrets();
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const { secret, hash } = secrets.newSecret();
      expect(secret).toMatch(/^bbpat_[0-9A-Za-z]{42}$/);
      expect(looksLikeAccessToken(secret)).toBe(true);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hash).not.toContain(secret.slice(6));
      expect(secrets.hash(secret)).toBe(hash);
      seen.add(secret);
    }
    expect(seen.size).toBe(200);
    const { secret } = secrets.newSecret();
    const flipped = `${secret.slice(0, 10)}${secret[10] === 'a' ? 'b' : 'a'}${secret.slice(11)}`;
    expect(looksLikeAccessToken(flipped)).toBe(false);
    expect(looksLikeAccessToken(`ghp_${secret.slice(6)}`)).toBe(false);
  });
});

describe('personal access tokens: the use cases', () => {
  it('shows the secret once: the list holds its hint, never the secret', async () => {
    const { create, list, client } = setup();
    const { secret, token } = await create.execute(client, { name: 'Zapier', scopes: ['projects:read'] });
    expect(secret.startsWith('bbpat_')).toBe(true);
    expect(token.hint).toBe(secret.slice(-4));
    const listed = await list.execute(client);
    expect(listed.map((t) => t.name)).toEqual(['Zapier']);
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it(`refuses a ${MAX_ACTIVE_TOKENS + 1}st active token, and counts revoked and expired ones out`, async () => {
    const { create, revoke, client, clock } = setup();
    for (let i = 0; i < MAX_ACTIVE_TOKENS; i += 1) {
      await create.execute(client, {
        name: `t${i}`,
        scopes: ['projects:read'],
        expiresInDays: i === 0 ? 1 : 30,
      });
    }
    await expect(
      create.execute(client, { name: 'one more', scopes: ['projects:read'] }),
    ).rejects.toMatchObject({
      code: 'TOKEN_LIMIT_REACHED',
    });
    clock.advance(DAY); // t0 expires
    await create.execute(client, { name: 'after expiry', scopes: ['projects:read'] });
    await expect(create.execute(client, { name: 'again', scopes: ['projects:read'] })).rejects.toMatchObject({
      code: 'TOKEN_LIMIT_REACHED',
    });
    await revoke.execute(client, 'tok-2');
    await create.execute(client, { name: 'after revoke', scopes: ['projects:read'] });
  });

  it('authenticates a live token as its owner with its scopes, and refuses expired, revoked and unknown ones alike', async () => {
    const { create, revoke, bearer, client, contractor, clock, tokens } = setup();
    const { secret, token } = await create.execute(client, {
      name: 'CI',
      scopes: ['bids:read'],
      expiresInDays: 2,
    });
    const credential = await bearer.execute(secret, '10.0.0.1');
    expect(credential.user.id).toBe(client.id);
    expect(credential.scopes).toEqual(['bids:read']);
    expect(tokens.rows[0]).toMatchObject({ lastUsedIp: '10.0.0.1', lastUsedAt: clock.now() });
    await bearer.execute(secret, '10.0.0.1');
    expect(tokens.uses).toBe(1); // the second use within a minute is not written

    for (const wrong of ['', 'bbpat_nope', secret.replace('bbpat_', 'ghp_'), `${secret}x`]) {
      await expect(bearer.execute(wrong, '10.0.0.1')).rejects.toMatchObject({
        code: 'INVALID_TOKEN',
        kind: 'unauthenticated',
      });
    }
    await expect(revoke.execute(contractor, token.id)).rejects.toMatchObject({ code: 'TOKEN_NOT_FOUND' });
    clock.advance(2 * DAY);
    await expect(bearer.execute(secret, '10.0.0.1')).rejects.toMatchObject({ code: 'INVALID_TOKEN' });

    const second = await create.execute(client, { name: 'CI 2', scopes: ['bids:read'] });
    await revoke.execute(client, second.token.id);
    await expect(bearer.execute(second.secret, '10.0.0.1')).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('refuses the token of a deleted account', async () => {
    const { create, bearer, client, users, clock } = setup();
    const { secret } = await create.execute(client, { name: 'CI', scopes: SCOPE_NAMES });
    client.erase(clock.now());
    await users.save(client);
    await expect(bearer.execute(secret, '10.0.0.1')).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });
});
