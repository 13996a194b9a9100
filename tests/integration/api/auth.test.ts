import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookie, type TestApp, uniqueEmail } from '../support/app.ts';
import { truncateAll } from '../support/database.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await truncateAll(t.composition.orm);
});

const register = (body: Record<string, unknown>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
    ...(cookie ? { headers: { cookie } } : {}),
  });
const signIn = (email: string, password: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
    ...(cookie ? { headers: { cookie } } : {}),
  });
const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', ...(cookie ? { headers: { cookie } } : {}) });
const userCount = async () =>
  Number(
    (
      (await t.composition.orm.em.getConnection().execute('select count(*) as n from users')) as Array<{
        n: string;
      }>
    )[0]?.n,
  );

describe('POST /api/auth/register', () => {
  it('creates the account with the defaults, signs it in and never returns the password', async () => {
    const email = uniqueEmail();
    const res = await register({ email: `  ${email.toUpperCase()} `, password: 'secret12' });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email,
      role: 'client',
      country: 'US',
      subscriptionTier: 'free',
      name: email,
    });
    expect(JSON.stringify(user)).not.toMatch(/password|secret12|scrypt/i);

    const current = await me(sessionCookie(res));
    expect(current.statusCode).toBe(200);
    expect(current.json().id).toBe(user.id);
  });

  it('keeps the names, role and country given', async () => {
    const res = await register({
      email: uniqueEmail(),
      password: 'secret12',
      firstName: ' Marcus ',
      lastName: 'Rolle',
      role: 'contractor',
      country: 'BS',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      firstName: 'Marcus',
      lastName: 'Rolle',
      name: 'Marcus Rolle',
      role: 'contractor',
      country: 'BS',
    });
  });

  it('refuses a second account with the same email, in any case, and writes nothing', async () => {
    const email = uniqueEmail();
    expect((await register({ email, password: 'secret12' })).statusCode).toBe(201);
    const res = await register({ email: email.toUpperCase(), password: 'another1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists',
    });
    expect(await userCount()).toBe(1);
  });

  it.each([
    [{ password: 'secret12' }, 'email', 'Email is required'],
    [{ email: 'a@b.co' }, 'password', 'Password is required'],
    [{ email: 'not-an-email', password: 'secret12' }, 'email', 'Invalid email address'],
    [{ email: 'a@b.co', password: '1234567' }, 'password', 'Password must be at least 8 characters'],
    [{ email: 'a@b.co', password: 'secret12', role: 'boss' }, 'role', 'Role has an invalid value'],
    [{ email: 'a@b.co', password: '        ' }, 'password', 'Password cannot be only spaces'],
    [{ email: 'a@b.co', password: 'secret12', country: 'ZZ' }, 'country', "Unknown country code 'ZZ'"],
    [
      { email: 'a@b.co', password: 'secret12', firstName: 'x'.repeat(101) },
      'firstName',
      'First name must be at most 100 characters',
    ],
  ])('answers 400 naming the field, in words for people, for %j', async (body, field, message) => {
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().message).toBe(message);
    expect(await userCount()).toBe(0);
  });

  it('refuses the admin role with 403', async () => {
    const res = await register({ email: uniqueEmail(), password: 'secret12', role: 'admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ROLE_NOT_SELF_ASSIGNABLE');
    expect(await userCount()).toBe(0);
  });

  it('answers 400 to malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON', code: 'MALFORMED_JSON' });
  });
});

describe('password rules (NIST SP 800-63B, decision 0191)', () => {
  it('at least 8 characters at registration and on change; 64 and 256 allowed, 257 not', async () => {
    const short = await register({ email: uniqueEmail(), password: 'seven77' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: 'Password must be at least 8 characters',
      code: 'PASSWORD_TOO_SHORT',
      field: 'password',
    });
    expect((await register({ email: uniqueEmail(), password: 'p'.repeat(64) })).statusCode).toBe(201);
    expect((await register({ email: uniqueEmail(), password: 'p'.repeat(257) })).statusCode).toBe(400);
    const ann = await register({ email: uniqueEmail(), password: 'eight888' });
    expect(ann.statusCode).toBe(201);
    const change = (newPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/me/password',
        headers: { cookie: sessionCookie(ann) },
        payload: { currentPassword: 'eight888', newPassword },
      });
    const refused = await change('seven77');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT', field: 'newPassword' });
    expect((await change('q'.repeat(256))).statusCode).toBe(204);
  });
});

describe('POST /api/auth/signin', () => {
  it('signs in with the right password, whatever the email case', async () => {
    const email = uniqueEmail();
    await register({ email, password: 'secret12', firstName: 'Ann' });
    const res = await signIn(email.toUpperCase(), 'secret12');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, firstName: 'Ann' });
    expect((await me(sessionCookie(res))).statusCode).toBe(200);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const email = uniqueEmail();
    await register({ email, password: 'secret12' });
    const wrong = await signIn(email, 'wrong-password');
    const unknown = await signIn(uniqueEmail('nobody'), 'secret12');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
      expect(res.cookies.find((c) => c.name === 'buildbid_session' && c.value)).toBeUndefined();
    }
  });

  it('asks for both fields when one is empty', async () => {
    const res = await signIn('', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter your email and password');
  });

  it('issues a new session id and revokes the one the browser had', async () => {
    const email = uniqueEmail();
    const first = sessionCookie(await register({ email, password: 'secret12' }));
    const second = sessionCookie(await signIn(email, 'secret12', first));
    expect(second).not.toBe(first);
    expect((await me(second)).statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('treats a missing or tampered cookie as signed out', async () => {
    expect((await me()).statusCode).toBe(401);
    expect((await me()).json()).toEqual({ message: 'You are not signed in', code: 'UNAUTHENTICATED' });
    const cookie = sessionCookie(await register({ email: uniqueEmail(), password: 'secret12' }));
    const tampered = `${cookie.slice(0, -4)}AAAA`;
    expect((await me(tampered)).statusCode).toBe(401);
  });

  it('signs out on the server: the old cookie stops working', async () => {
    const cookie = sessionCookie(await register({ email: uniqueEmail(), password: 'secret12' }));
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('POST /api/logout (the full-page form) revokes the session and redirects to /', async () => {
    const cookie = sessionCookie(await register({ email: uniqueEmail(), password: 'secret12' }));
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it.each(['/api/logout', '/api/auth/signout'])(
    'GET %s no longer signs out: a link on another page cannot end a session',
    async (url) => {
      const cookie = sessionCookie(await register({ email: uniqueEmail(), password: 'secret12' }));
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBe(404);
      expect((await me(cookie)).statusCode).toBe(200);
    },
  );

  it('GET /api/login sends the browser to the sign-in page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/signin');
  });

  it('an expired session is not accepted', async () => {
    const cookie = sessionCookie(await register({ email: uniqueEmail(), password: 'secret12' }));
    expect((await me(cookie)).statusCode).toBe(200);
    await t.composition.orm.em
      .getConnection()
      .execute("update session set expire = now() - interval '1 second'");
    // Another API instance (no cached copy of the session) reads the expiry at once; this one within
    // SESSION_CACHE_MS (docs/decisions/0007-read-caches.md).
    const other = await buildTestApp();
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(res.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('PATCH /api/users/me/role', () => {
  const changeRole = (role: unknown, cookie?: string) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/role',
      payload: { role },
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('switches among client, contractor and vendor', async () => {
    const cookie = sessionCookie(
      await register({ email: uniqueEmail(), password: 'secret12', role: 'contractor' }),
    );
    const res = await changeRole('vendor', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('vendor');
    expect((await me(cookie)).json().role).toBe('vendor');
  });

  it('refuses admin with 403 and leaves the role alone', async () => {
    const cookie = sessionCookie(await register({ email: uniqueEmail(), password: 'secret12' }));
    const res = await changeRole('admin', cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ROLE_NOT_SELF_ASSIGNABLE');
    expect((await me(cookie)).json().role).toBe('client');
  });

  it('answers 400 to an unknown role and 401 when signed out', async () => {
    const cookie = sessionCookie(await register({ email: uniqueEmail(), password: 'secret12' }));
    const bad = await changeRole('boss', cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('role');
    expect((await changeRole('vendor')).statusCode).toBe(401);
  });
});

describe('no response ever contains a password or its hash', () => {
  it('walks every user-returning route', async () => {
    const email = uniqueEmail();
    const password = 'correct-horse';
    const registered = await register({ email, password, role: 'contractor' });
    const cookie = sessionCookie(registered);
    const rows = (await t.composition.orm.em
      .getConnection()
      .execute('select password_hash from users where email = ?', [email])) as Array<{
      password_hash: string;
    }>;
    const hash = rows[0]?.password_hash ?? '';
    expect(hash).toMatch(/^scrypt\$/);

    const responses = [
      registered,
      await signIn(email, password),
      await me(cookie),
      await t.app.inject({
        method: 'PATCH',
        url: '/api/users/me/role',
        payload: { role: 'vendor' },
        headers: { cookie },
      }),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBeLessThan(300);
      const body = res.body;
      expect(body).not.toContain(password);
      expect(body).not.toContain(hash);
      expect(body).not.toContain(hash.split('$')[5] as string);
      expect(Object.keys(res.json())).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/password|hash/i)]),
      );
    }
  });
});

describe('rate limiting', () => {
  it('answers 429 after too many sign-in attempts from one address', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { email: 'a@b.co', password: 'nope12' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const res = await attempt();
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('RATE_LIMITED');
      expect(res.json().message).toMatch(/Too many attempts/);
    } finally {
      await limited.close();
    }
  });
});
