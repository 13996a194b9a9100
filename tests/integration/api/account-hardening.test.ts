import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sessionCookie, type TestApp, uniqueEmail } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ACCOUNT_SIGNIN_FREE_ATTEMPTS: '3', EMAIL_CHANGES_PER_HOUR: '2' });
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'correct horse 1';
async function register(email = uniqueEmail('acct'), password = PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password } });
  return { res, email, cookie: res.statusCode === 201 ? sessionCookie(res) : '', id: res.json().id };
}
const signIn = (email: string, password: string, ip = '198.51.100.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    remoteAddress: ip,
    payload: { email, password },
  });

describe('sign-in throttle per account', () => {
  it('after the free failures, the account waits, whatever address the guesses come from', async () => {
    const { email } = await register();
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await signIn(email, `wrong ${i}`, `198.51.100.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const refused = await signIn(email, PASSWORD, '198.51.100.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'SIGNIN_THROTTLED' });
    expect(refused.json().message).toMatch(/Try again in \d+ seconds/);
  });

  it('the wait grows with every further failure, and a success clears it', async () => {
    const { email } = await register();
    for (let i = 0; i < 3; i++) await signIn(email, 'wrong');
    const first = await signIn(email, 'wrong'); // throttled: 1 s
    expect(first.statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await signIn(email, 'wrong')).statusCode).toBe(401); // the 4th failure: now 2 s
    const second = await signIn(email, PASSWORD);
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toMatch(/Try again in 2 seconds/);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
    expect((await signIn(email, 'wrong')).statusCode).toBe(401);
  });

  it('unknown emails are throttled alike, so the throttle reveals no account', async () => {
    const email = uniqueEmail('ghost');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(email, 'wrong')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('common passwords', () => {
  it.each(['12345678', 'password', 'Qwerty123', ' letmein1 '])(
    'refuses %j at registration',
    async (password) => {
      const { res } = await register(uniqueEmail('weak'), password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'password' });
    },
  );
});

describe('changing the email', () => {
  const patch = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: { cookie }, payload });
  const form = (email: string) => ({ firstName: 'Ann', lastName: 'Lee', email, country: 'US' });

  it('needs the current password; without it no email can be probed', async () => {
    const ann = await register();
    const taken = await register();
    const without = await patch(ann.cookie, form(taken.email));
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ code: 'PASSWORD_REQUIRED', field: 'currentPassword' });
    const wrong = await patch(ann.cookie, { ...form(uniqueEmail()), currentPassword: 'not it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    // The other profile fields save without the password.
    expect((await patch(ann.cookie, form(ann.email))).statusCode).toBe(200);
  });

  it('works with the password, and is limited per hour', async () => {
    const ann = await register();
    const next = uniqueEmail('moved');
    const ok = await patch(ann.cookie, { ...form(next), currentPassword: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(next);
    expect((await patch(ann.cookie, { ...form(uniqueEmail()), currentPassword: 'wrong' })).statusCode).toBe(
      400,
    );
    const limited = await patch(ann.cookie, { ...form(uniqueEmail()), currentPassword: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('EMAIL_CHANGE_LIMITED');
  });
});

describe('messages', () => {
  it('reading a conversation marks nothing; POST /api/messages/read does', async () => {
    const ann = await register();
    const bob = await register();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie: bob.cookie },
      payload: { receiverId: ann.id, content: 'Hello Ann' },
    });
    expect(sent.statusCode).toBe(201);
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/messages?otherUserId=${bob.id}`,
        headers: { cookie: ann.cookie },
      });
    expect((await read()).json()[0].isRead).toBe(false);
    expect((await read()).json()[0].isRead).toBe(false);
    const mark = await t.app.inject({
      method: 'POST',
      url: '/api/messages/read',
      headers: { cookie: ann.cookie },
      payload: { otherUserId: bob.id },
    });
    expect(mark.statusCode).toBe(200);
    expect(mark.json()).toEqual({ count: 1 });
    expect((await read()).json()[0].isRead).toBe(true);
  });

  it('the sending limit is per user: a second session does not reset it', async () => {
    const limited = await buildTestApp({ MESSAGE_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const reg = async () => {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: uniqueEmail('msg'), password: PASSWORD },
        });
        return { cookie: sessionCookie(res), id: res.json().id as string, email: res.json().email as string };
      };
      const ann = await reg();
      const bob = await reg();
      const send = (cookie: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/messages',
          headers: { cookie },
          payload: { receiverId: bob.id, content: 'hi' },
        });
      expect((await send(ann.cookie)).statusCode).toBe(201);
      expect((await send(ann.cookie)).statusCode).toBe(201);
      const again = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: ann.email, password: PASSWORD },
      });
      expect((await send(sessionCookie(again))).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
