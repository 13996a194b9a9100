import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookie, type TestApp, uniqueEmail } from '../support/app.ts';

/**
 * The shell's session probe (decision 0198): a visitor's page asks who is signed in
 * without a call that answers 401, so the browser logs nothing.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const session = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/session', ...(cookie ? { headers: { cookie } } : {}) });

describe('GET /api/auth/session', () => {
  it('answers 200 with user null for a visitor, and for a cookie that names no session', async () => {
    const visitor = await session();
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null });
    const forged = await session('buildbid_session=not-a-real-session');
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ user: null });
  });

  it('answers the signed-in user as GET /api/auth/user does, and null again after sign-out', async () => {
    const email = uniqueEmail();
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'a long passphrase', role: 'contractor' },
    });
    expect(registered.statusCode).toBe(201);
    const cookie = sessionCookie(registered);

    const signedIn = await session(cookie);
    expect(signedIn.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(signedIn.json()).toEqual({ user: me.json() });
    expect(signedIn.json().user).toMatchObject({ email, role: 'contractor' });
    expect(JSON.stringify(signedIn.json())).not.toMatch(/password|scrypt/i);
    // Never cached: a shared cache must not hand one person's answer to another.
    expect(String(signedIn.headers['cache-control'])).toMatch(/no-store|private/);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie } });
    expect(out.statusCode).toBeLessThan(300);
    const after = await session(cookie);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ user: null });
  });
});
