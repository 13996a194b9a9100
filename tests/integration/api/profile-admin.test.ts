import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TOKENS } from '#api/container.ts';
import { truncateAll } from '../support/database.ts';
import {
  buildMarketplaceApp,
  type Caller,
  createProject,
  get,
  type MarketplaceApp,
  placeBid,
  send,
  signUp,
  UNKNOWN_ID,
} from './marketplace-support.ts';

let t: MarketplaceApp;
let ann: Caller;
let bob: Caller;
let admin: Caller;

beforeAll(async () => {
  t = await buildMarketplaceApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await truncateAll(t.composition.orm);
  ann = await signUp(t, 'client');
  bob = await signUp(t, 'contractor');
  admin = await signUp(t, 'admin');
});

const patchMe = (caller: Caller, body: Record<string, unknown>) =>
  send(t, 'PATCH', '/api/users/me', caller.cookie, body);
const form = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ann',
  lastName: 'Archer',
  email: 'ann.archer@example.com',
  country: 'CA',
  role: 'contractor',
  // A new email needs the current password (docs/security.md); signUp's password.
  currentPassword: 'secret12',
  ...overrides,
});

describe('PATCH /api/users/me: the profile form', () => {
  it('saves the five fields and answers the user', async () => {
    const res = await patchMe(ann, form({ firstName: '  Ann ', email: 'Ann.Archer@Example.com' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ann.id,
      firstName: 'Ann',
      lastName: 'Archer',
      name: 'Ann Archer',
      email: 'ann.archer@example.com',
      country: 'CA',
      role: 'contractor',
    });
    expect((await get(t, '/api/auth/user', ann.cookie)).json()).toMatchObject({
      country: 'CA',
      role: 'contractor',
    });
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ firstName: '   ' }, 'firstName', 'First name is required'],
    [{ firstName: undefined }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ email: '' }, 'email', 'Invalid email address'],
    [{ country: '' }, 'country', 'Country is required'],
    [{ country: 'XX' }, 'country', "Unknown country code 'XX'"],
    [{ role: 'emperor' }, 'role', 'role must be one of client, contractor, vendor, admin'],
  ])('refuses %j: %s "%s"', async (overrides, field, message) => {
    const res = await patchMe(ann, form(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, message });
    // Nothing changed.
    expect((await get(t, '/api/auth/user', ann.cookie)).json()).toMatchObject({
      role: 'client',
      country: 'US',
    });
  });

  it('gives admin only to someone who is admin already, and keeps emails unique', async () => {
    const grab = await patchMe(ann, form({ role: 'admin' }));
    expect(grab.statusCode).toBe(403);
    expect(grab.json().code).toBe('ROLE_NOT_SELF_ASSIGNABLE');
    expect((await patchMe(admin, form({ email: admin.email, role: 'admin' }))).statusCode).toBe(200);
    const taken = await patchMe(ann, form({ email: bob.email }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
  });

  it('takes {services} from the catalogue and {emailNotifications}, one kind of change at a time', async () => {
    const services = await patchMe(bob, { services: ['roofing', 'plumbing', 'roofing'] });
    expect(services.statusCode).toBe(200);
    expect(services.json().services).toEqual(['roofing', 'plumbing']);
    const unknown = await patchMe(bob, { services: ['roofing', 'teleportation'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_SERVICE', field: 'services' });
    expect((await patchMe(bob, { services: [] })).json().services).toEqual([]);

    const off = await patchMe(bob, { emailNotifications: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().emailNotifications).toBe(false);
    expect((await patchMe(bob, { emailNotifications: true })).json().emailNotifications).toBe(true);
    expect((await patchMe(bob, { emailNotifications: 'yes' })).statusCode).toBe(400);

    const mixed = await patchMe(bob, { services: ['roofing'], emailNotifications: false });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().code).toBe('ONE_CHANGE_AT_A_TIME');
    expect((await patchMe(bob, {})).statusCode).toBe(400);
    expect(
      (await send(t, 'PATCH', '/api/users/me', undefined, { emailNotifications: false })).statusCode,
    ).toBe(401);
  });
});

describe('the admin calls', () => {
  it('lists users (optionally by role) for admins only', async () => {
    const all = await get(t, '/api/admin/users', admin.cookie);
    expect(all.statusCode).toBe(200);
    expect(all.json().map((u: { id: string }) => u.id)).toEqual([ann.id, bob.id, admin.id]);
    expect(all.json()[0]).not.toHaveProperty('passwordHash');
    const contractors = await get(t, '/api/admin/users?role=contractor', admin.cookie);
    expect(contractors.json().map((u: { id: string }) => u.id)).toEqual([bob.id]);
    expect((await get(t, '/api/admin/users?role=all', admin.cookie)).json()).toHaveLength(3);
    expect((await get(t, '/api/admin/users?role=king', admin.cookie)).statusCode).toBe(400);
    for (const caller of [ann, bob]) {
      const res = await get(t, '/api/admin/users', caller.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ADMIN_ONLY');
    }
    expect((await get(t, '/api/admin/users')).statusCode).toBe(401);
  });

  it('pages and searches the users: every word in the email or the names, with the total', async () => {
    const ids = (res: { json(): unknown }) => (res.json() as Array<{ id: string }>).map((u) => u.id);
    const page1 = await get(t, '/api/admin/users?limit=2&offset=0', admin.cookie);
    expect(ids(page1)).toEqual([ann.id, bob.id]);
    expect(page1.headers['x-total-count']).toBe('3');
    const page2 = await get(t, '/api/admin/users?limit=2&offset=2', admin.cookie);
    expect(ids(page2)).toEqual([admin.id]);
    // signUp names people '<Role> Tester'; the words match in any case and order.
    const found = await get(t, '/api/admin/users?q=tester%20CONTRACTOR', admin.cookie);
    expect(ids(found)).toEqual([bob.id]);
    expect(found.headers['x-total-count']).toBe('1');
    expect(
      ids(await get(t, `/api/admin/users?q=${encodeURIComponent(ann.email.slice(0, 12))}`, admin.cookie)),
    ).toEqual([ann.id]);
    // % and _ are letters here, not wildcards.
    expect(ids(await get(t, '/api/admin/users?q=%25', admin.cookie))).toEqual([]);
    expect(ids(await get(t, '/api/admin/users?role=client&q=tester', admin.cookie))).toEqual([ann.id]);
    for (const bad of ['limit=0', 'limit=201', 'offset=-1', 'limit=x']) {
      const res = await get(t, `/api/admin/users?${bad}`, admin.cookie);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('keeps an audit log of role changes: who, whom, from, to, when; admins only', async () => {
    await send(t, 'POST', `/api/admin/users/${ann.id}/role`, admin.cookie, { role: 'vendor' });
    // No change, no entry; a refused change, no entry.
    await send(t, 'POST', `/api/admin/users/${ann.id}/role`, admin.cookie, { role: 'vendor' });
    expect(
      (await send(t, 'POST', `/api/admin/users/${admin.id}/role`, admin.cookie, { role: 'client' }))
        .statusCode,
    ).toBe(409);
    const res = await get(t, '/api/admin/role-changes?limit=10&offset=0', admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const [newest, first] = res.json();
    expect(newest).toMatchObject({
      admin: { id: admin.id, name: 'Admin Tester', email: admin.email },
      user: { id: ann.id, name: 'Client Tester', email: ann.email },
      fromRole: 'client',
      toRole: 'vendor',
      createdAt: expect.any(String),
    });
    // signUp made the admin through the admin:promote command: no admin named.
    expect(first).toMatchObject({ admin: null, user: { id: admin.id }, fromRole: 'client', toRole: 'admin' });
    expect((await get(t, '/api/admin/role-changes', ann.cookie)).statusCode).toBe(403);
    expect((await get(t, '/api/admin/role-changes')).statusCode).toBe(401);
  });

  it('gives admins the platform stats', async () => {
    const projectId = await createProject(t, ann.cookie);
    await placeBid(t, bob.cookie, projectId);
    const res = await get(t, '/api/admin/stats', admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ activeProjects: 1, totalBids: 1 });
    expect((await get(t, '/api/admin/stats', ann.cookie)).statusCode).toBe(403);
  });

  it("changes any user's role, admin included", async () => {
    const res = await send(t, 'POST', `/api/admin/users/${ann.id}/role`, admin.cookie, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ann.id, role: 'admin' });
    expect(
      (await send(t, 'POST', `/api/admin/users/${ann.id}/role`, admin.cookie, { role: 'vendor' })).json()
        .role,
    ).toBe('vendor');
    const denied = await send(t, 'POST', `/api/admin/users/${ann.id}/role`, bob.cookie, { role: 'admin' });
    expect(denied.statusCode).toBe(403);
    expect(
      (await send(t, 'POST', `/api/admin/users/${UNKNOWN_ID}/role`, admin.cookie, { role: 'client' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await send(t, 'POST', `/api/admin/users/${ann.id}/role`, admin.cookie, { role: 'king' })).statusCode,
    ).toBe(400);
  });

  it('never takes the role from the last admin: 409 LAST_ADMIN with a clear message, by every path', async () => {
    const demote = await send(t, 'POST', `/api/admin/users/${admin.id}/role`, admin.cookie, {
      role: 'client',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'LAST_ADMIN', field: 'role' });
    expect(demote.json().message).toMatch(
      /is the only admin\. Make another user an admin before changing this role\.$/,
    );
    const own = await send(t, 'PATCH', '/api/users/me/role', admin.cookie, { role: 'vendor' });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'LAST_ADMIN' });
    const profile = await send(t, 'PATCH', '/api/users/me', admin.cookie, {
      firstName: 'Ada',
      lastName: 'Root',
      email: 'ada.root@example.com',
      country: 'US',
      role: 'client',
    });
    expect(profile.statusCode).toBe(409);
    expect((await get(t, '/api/auth/user', admin.cookie)).json()).toMatchObject({ role: 'admin' });
  });

  it('two admins demoting each other at the same moment leave exactly one admin (row locks)', async () => {
    await send(t, 'POST', `/api/admin/users/${ann.id}/role`, admin.cookie, { role: 'admin' });
    const answers = await Promise.all([
      send(t, 'POST', `/api/admin/users/${ann.id}/role`, admin.cookie, { role: 'client' }),
      send(t, 'POST', `/api/admin/users/${admin.id}/role`, ann.cookie, { role: 'client' }),
    ]);
    // Whichever commits first wins. The other then finds either that its actor is no longer an admin
    // (403) or that its target is now the last admin (409); never two 200s and never zero admins.
    const [first, second] = answers.map((a) => a.statusCode).sort();
    expect(first).toBe(200);
    expect([403, 409]).toContain(second);
    const admins = await t.composition.orm.em
      .getConnection()
      .execute(`select id from users where role = 'admin'`);
    expect(admins).toHaveLength(1);
  });
});

describe('GET /api/unsubscribe', () => {
  it('turns email notifications off with a valid token, without signing in', async () => {
    const token = t.composition.get(TOKENS.UnsubscribeTokens).issue(bob.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Unsubscribed');
    expect((await get(t, '/api/auth/user', bob.cookie)).json().emailNotifications).toBe(false);
    // Again: still fine.
    expect((await t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}` })).statusCode).toBe(
      200,
    );
    // RFC 8058 one-click.
    const annToken = t.composition.get(TOKENS.UnsubscribeTokens).issue(ann.id);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${annToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await get(t, '/api/auth/user', ann.cookie)).json().emailNotifications).toBe(false);
  });

  it('refuses forged, tampered and malformed tokens', async () => {
    const token = t.composition.get(TOKENS.UnsubscribeTokens).issue(bob.id);
    const [id, signature] = token.split('.') as [string, string];
    const forgedFor = `${Buffer.from(ann.id).toString('base64url')}.${signature}`;
    const flipped = `${id}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    for (const bad of [forgedFor, flipped, 'nonsense', `${id}.`, '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/unsubscribe?token=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/unsubscribe' })).statusCode).toBe(400);
    expect((await get(t, '/api/auth/user', bob.cookie)).json().emailNotifications).toBe(true);
    expect((await get(t, '/api/auth/user', ann.cookie)).json().emailNotifications).toBe(true);
  });
});
