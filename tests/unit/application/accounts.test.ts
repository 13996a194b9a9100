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
} from '../../../application/accounts/use-cases.ts';
import {
  FakePasswordHasher,
  FixedClock,
  InMemorySessionStore,
  InMemoryUserRepository,
  SequentialIds,
} from '../../fakes/accounts.ts';

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
  registerUser = new RegisterUser(users, hasher, new SequentialIds(), clock);
  signIn = new SignIn(users, hasher, sessions, clock);
  authenticate = new Authenticate(sessions, users, clock);
});

describe('RegisterUser', () => {
  it('stores the user with a hashed password, never the password itself', async () => {
    const user = await registerUser.execute({ email: 'Ann@Example.com', password: 'secret1' });
    const row = users.rows.get(user.id);
    expect(row?.email).toBe('ann@example.com');
    expect(row?.passwordHash).toBe('hashed:secret1');
  });

  it('refuses a taken email', async () => {
    await registerUser.execute({ email: 'ann@example.com', password: 'secret1' });
    await expect(
      registerUser.execute({ email: 'ANN@example.com', password: 'secret2' }),
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
    await registerUser.execute({ email: 'ann@example.com', password: 'secret1' });
  });

  it('opens a session that lasts the session lifetime', async () => {
    const { user, session } = await signIn.execute({ email: ' ANN@example.com', password: 'secret1' });
    expect(session.userId).toBe(user.id);
    expect(session.expiresAt.getTime()).toBe(clock.now().getTime() + SESSION_TTL_MS);
    expect((await authenticate.execute(session.sid))?.id).toBe(user.id);
    clock.advance(SESSION_TTL_MS + 1);
    expect(await authenticate.execute(session.sid)).toBeNull();
  });

  it.each([
    ['ann@example.com', 'wrong'],
    ['nobody@example.com', 'secret1'],
    ['not an email', 'secret1'],
  ])('answers %s / %s with the same error', async (email, password) => {
    await expect(signIn.execute({ email, password })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
      kind: 'unauthenticated',
    });
    expect(sessions.sessions.size).toBe(0);
  });

  it('revokes the previous session on sign-in', async () => {
    const first = await signIn.execute({ email: 'ann@example.com', password: 'secret1' });
    const second = await signIn.execute({
      email: 'ann@example.com',
      password: 'secret1',
      previousSid: first.session.sid,
    });
    expect(second.session.sid).not.toBe(first.session.sid);
    expect(await authenticate.execute(first.session.sid)).toBeNull();
  });

  it('signs out by revoking the session', async () => {
    const { session } = await signIn.execute({ email: 'ann@example.com', password: 'secret1' });
    await new SignOut(sessions).execute(session.sid);
    expect(await authenticate.execute(session.sid)).toBeNull();
    await expect(new SignOut(sessions).execute(undefined)).resolves.toBeUndefined();
  });

  it('treats a session whose user is gone as signed out', async () => {
    const { session, user } = await signIn.execute({ email: 'ann@example.com', password: 'secret1' });
    users.rows.delete(user.id);
    expect(await authenticate.execute(session.sid)).toBeNull();
    expect(await authenticate.execute(undefined)).toBeNull();
  });
});

describe('roles', () => {
  it('lets a user switch their own role but not to admin', async () => {
    const user = await registerUser.execute({ email: 'ann@example.com', password: 'secret1' });
    const change = new ChangeOwnRole(users, clock);
    expect((await change.execute(user.id, 'vendor')).role).toBe('vendor');
    await expect(change.execute(user.id, 'admin')).rejects.toMatchObject({
      code: 'ROLE_NOT_SELF_ASSIGNABLE',
    });
    expect((await users.findById(user.id))?.role).toBe('vendor');
    await expect(change.execute('missing', 'vendor')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('lets only an admin set any role on anyone', async () => {
    const ann = await registerUser.execute({ email: 'ann@example.com', password: 'secret1' });
    const bob = await registerUser.execute({ email: 'bob@example.com', password: 'secret1' });
    const adminChange = new AdminChangeRole(users, clock);
    await expect(adminChange.execute(ann, bob.id, 'vendor')).rejects.toMatchObject({ code: 'ADMIN_ONLY' });
    const admin = await new PromoteToAdmin(users, clock).execute('ANN@example.com');
    expect(admin.role).toBe('admin');
    expect((await adminChange.execute(admin, bob.id, 'admin')).role).toBe('admin');
    await expect(adminChange.execute(admin, 'missing', 'client')).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('cannot promote an unknown email', async () => {
    await expect(new PromoteToAdmin(users, clock).execute('ghost@example.com')).rejects.toMatchObject({
      code: 'USER_NOT_FOUND',
    });
  });
});
