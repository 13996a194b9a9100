import { beforeEach, describe, expect, it } from 'vitest';
import {
  AdminChangeRole,
  Authenticate,
  ChangeOwnRole,
  PromoteToAdmin,
  RegisterUser,
  SESSION_TTL_MS,
  SignIn,
  SignOut,
} from '#application/accounts/index.ts';
import { UpdateProfile } from '#application/profile/index.ts';
import {
  FakePasswordHasher,
  FixedClock,
  InMemorySessionStore,
  InMemoryUserRepository,
  SequentialIds,
} from '../../fakes/accounts.ts';
import { aClient, anAdmin, makeEnv } from '../../fakes/mothers.ts';

let users: InMemoryUserRepository;
let sessions: InMemorySessionStore;
let clock: FixedClock;
let registerUser: RegisterUser;
let signIn: SignIn;
let authenticate: Authenticate;

beforeEach(() => {
  users = new InMemoryUserRepository();
  sessions = new InMemorySessionStore();
  clock = new FixedClock();
  const hasher = new FakePasswordHasher();
  registerUser = new RegisterUser({ users, hasher, ids: new SequentialIds(), clock });
  signIn = new SignIn({ users, hasher, sessions, clock });
  authenticate = new Authenticate({ sessions, users, clock });
});

describe('RegisterUser', () => {
  it('stores the user with a hashed password, never the password itself', async () => {
    const user = await registerUser.execute({ email: 'Ann@Example.com', password: 'secret12' });
    const row = users.rows.get(user.id);
    expect(row?.email).toBe('ann@example.com');
    expect(row?.passwordHash).toBe('hashed:secret12');
  });

  it('refuses a taken email', async () => {
    await registerUser.execute({ email: 'ann@example.com', password: 'secret12' });
    await expect(
      registerUser.execute({ email: 'ANN@example.com', password: 'secret22' }),
    ).rejects.toMatchObject({
      code: 'EMAIL_TAKEN',
    });
    expect(users.rows.size).toBe(1);
  });

  it('checks the password before anything is written', async () => {
    await expect(registerUser.execute({ email: 'ann@example.com', password: 'short' })).rejects.toMatchObject(
      {
        code: 'PASSWORD_TOO_SHORT',
        field: 'password',
      },
    );
    expect(users.rows.size).toBe(0);
  });
});

describe('SignIn and sessions', () => {
  beforeEach(async () => {
    await registerUser.execute({ email: 'ann@example.com', password: 'secret12' });
  });

  it('opens a session that lasts the session lifetime', async () => {
    const { user, session } = await signIn.execute({ email: ' ANN@example.com', password: 'secret12' });
    expect(session.userId).toBe(user.id);
    expect(session.expiresAt.getTime()).toBe(clock.now().getTime() + SESSION_TTL_MS);
    expect((await authenticate.execute(session.sid))?.id).toBe(user.id);
    clock.advance(SESSION_TTL_MS + 1);
    expect(await authenticate.execute(session.sid)).toBeNull();
  });

  it.each([
    ['ann@example.com', 'wrong'],
    ['nobody@example.com', 'secret12'],
    ['not an email', 'secret12'],
  ])('answers %s / %s with the same error', async (email, password) => {
    await expect(signIn.execute({ email, password })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
      kind: 'unauthenticated',
    });
    expect(sessions.sessions.size).toBe(0);
  });

  it('revokes the previous session on sign-in', async () => {
    const first = await signIn.execute({ email: 'ann@example.com', password: 'secret12' });
    const second = await signIn.execute({
      email: 'ann@example.com',
      password: 'secret12',
      previousSid: first.session.sid,
    });
    expect(second.session.sid).not.toBe(first.session.sid);
    expect(await authenticate.execute(first.session.sid)).toBeNull();
  });

  it('signs out by revoking the session', async () => {
    const { session } = await signIn.execute({ email: 'ann@example.com', password: 'secret12' });
    await new SignOut({ sessions }).execute(session.sid);
    expect(await authenticate.execute(session.sid)).toBeNull();
    await expect(new SignOut({ sessions }).execute(undefined)).resolves.toBeUndefined();
  });

  it('treats a session whose user is gone as signed out', async () => {
    const { session, user } = await signIn.execute({ email: 'ann@example.com', password: 'secret12' });
    users.rows.delete(user.id);
    expect(await authenticate.execute(session.sid)).toBeNull();
    expect(await authenticate.execute(undefined)).toBeNull();
  });
});

describe('roles', () => {
  it('lets a user switch their own role but not to admin', async () => {
    const env = makeEnv();
    env.db.addUser(aClient('ann'));
    const change = new ChangeOwnRole({ uow: env.uow, clock: env.clock });
    expect((await change.execute('ann', 'vendor')).role).toBe('vendor');
    await expect(change.execute('ann', 'admin')).rejects.toMatchObject({
      code: 'ROLE_NOT_SELF_ASSIGNABLE',
    });
    expect(env.db.user('ann')?.role).toBe('vendor');
    await expect(change.execute('missing', 'vendor')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('lets only an admin set any role on anyone', async () => {
    const env = makeEnv();
    env.db.addUser(aClient('ann'));
    env.db.addUser(aClient('bob'));
    env.db.addUser(anAdmin('root'));
    const adminChange = new AdminChangeRole({ uow: env.uow, clock: env.clock, ids: env.ids });
    const ann = env.db.user('ann');
    const admin = env.db.user('root');
    if (!ann || !admin) throw new Error('missing users');
    await expect(adminChange.execute(ann, 'bob', 'vendor')).rejects.toMatchObject({ code: 'ADMIN_ONLY' });
    expect((await adminChange.execute(admin, 'bob', 'admin')).role).toBe('admin');
    await expect(adminChange.execute(admin, 'missing', 'client')).rejects.toMatchObject({
      kind: 'not_found',
    });
    // The audit log holds the one change that happened: who, whom, from, to, when.
    expect([...env.db.roleChanges.rows.values()]).toEqual([
      {
        id: expect.any(String),
        actorId: 'root',
        targetId: 'bob',
        fromRole: 'client',
        toRole: 'admin',
        createdAt: env.clock.now(),
      },
    ]);
    // Setting the role a user has already is no change, and is not logged.
    await adminChange.execute(admin, 'bob', 'admin');
    expect([...env.db.roleChanges.rows.values()]).toHaveLength(1);
  });

  it('never takes the role from the last admin (409 LAST_ADMIN), by any path', async () => {
    const env = makeEnv();
    env.db.addUser(anAdmin('root'));
    env.db.addUser(aClient('bob'));
    const admin = env.db.user('root');
    if (!admin) throw new Error('missing admin');
    const adminChange = new AdminChangeRole({ uow: env.uow, clock: env.clock, ids: env.ids });
    const last = { kind: 'conflict', code: 'LAST_ADMIN' };
    await expect(adminChange.execute(admin, 'root', 'client')).rejects.toMatchObject(last);
    await expect(
      new ChangeOwnRole({ uow: env.uow, clock: env.clock }).execute('root', 'vendor'),
    ).rejects.toMatchObject(last);
    await expect(
      new UpdateProfile({ uow: env.uow, clock: env.clock }).execute('root', {
        kind: 'profile',
        form: {
          firstName: 'Ada',
          lastName: 'Root',
          email: 'root@example.com',
          country: 'US',
          role: 'client',
        },
      }),
    ).rejects.toMatchObject(last);
    expect(env.db.user('root')?.role).toBe('admin');
    // With a second admin, the first may step down.
    await adminChange.execute(admin, 'bob', 'admin');
    expect((await adminChange.execute(admin, 'root', 'client')).role).toBe('client');
    await expect(adminChange.execute(admin, 'bob', 'client')).rejects.toMatchObject(last);
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const env = makeEnv();
    env.db.addUser(anAdmin('a1'));
    env.db.addUser(anAdmin('a2'));
    const a1 = env.db.user('a1');
    const a2 = env.db.user('a2');
    if (!a1 || !a2) throw new Error('missing admins');
    const change = new AdminChangeRole({ uow: env.uow, clock: env.clock, ids: env.ids });
    const results = await Promise.allSettled([
      change.execute(a1, 'a2', 'client'),
      change.execute(a2, 'a1', 'client'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(['a1', 'a2'].filter((id) => env.db.user(id)?.role === 'admin')).toHaveLength(1);
  });

  it('cannot promote an unknown email', async () => {
    const env = makeEnv();
    await expect(
      new PromoteToAdmin({ uow: env.uow, clock: env.clock, ids: env.ids }).execute('ghost@example.com'),
    ).rejects.toMatchObject({
      code: 'USER_NOT_FOUND',
    });
  });
});
