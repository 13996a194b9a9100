import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../fakes/in-memory.ts';
import { buildTestApp, sessionCookie, type TestApp, uniqueEmail } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    {
      ACCOUNT_SIGNIN_FREE_ATTEMPTS: '3',
      ACCOUNT_SIGNIN_FREE_ATTEMPTS_ANY_ADDRESS: '6',
      EMAIL_CHANGES_PER_HOUR: '2',
    },
    { clock },
  );
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'correct horse 1';
async function register(email = uniqueEmail('acct'), password = PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password } });
  return { res, email, cookie: res.statusCode === 201 ? sessionCookie(res) : '', id: res.json().id };
}
const signIn = (email: string, password: string, ip = '198.51.100.1', cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    remoteAddress: ip,
    payload: { email, password },
    ...(cookie ? { headers: { cookie } } : {}),
  });

/** Time for the throttles: moved by the tests instead of sleeping (the Clock port). */
const clock = new FakeClock(new Date());

const OWNER_IP = '203.0.113.5';
const ATTACKER_IP = '198.51.100.7';

/** The browser's device cookie from a successful sign-in's answer, as the browser sends it back. */
function deviceCookie(res: { headers: Record<string, unknown> }): string {
  const all = [res.headers['set-cookie']].flat();
  const cookie = all.find((c): c is string => typeof c === 'string' && c.startsWith('buildbid_device='));
  if (!cookie) throw new Error('no device cookie in the answer');
  return cookie.split(';')[0] as string;
}

/** Wrong passwords from one place until `failures` were counted, waiting out each 429 on the clock. */
async function guess(email: string, failures: number, ip: string, cookie?: string) {
  let counted = 0;
  while (counted < failures) {
    const res = await signIn(email, `wrong ${counted}`, ip, cookie);
    if (res.statusCode === 401) counted += 1;
    else {
      expect(res.statusCode).toBe(429);
      clock.advance(Number(res.headers['retry-after']) * 1000);
    }
  }
}

describe('sign-in throttle per account and client (decision 0191)', () => {
  it('an attacker elsewhere fails again and again: the owner’s browser with its device cookie signs in', async () => {
    const { email } = await register();
    const first = await signIn(email, PASSWORD, OWNER_IP);
    expect(first.statusCode).toBe(200);
    const header = String(
      [first.headers['set-cookie']].flat().find((c) => String(c).startsWith('buildbid_device=')),
    );
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/Path=\/api\/auth/);
    expect(header).toMatch(/SameSite=Strict/i);
    const device = deviceCookie(first);

    // The attacker's address: 3 free failures, then 429 with Retry-After, even with the right password.
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(email, `wrong ${i}`, ATTACKER_IP)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const refused = await signIn(email, PASSWORD, ATTACKER_IP);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ code: 'SIGNIN_THROTTLED' });
    expect(refused.json().message).toMatch(/Try again in 1 seconds?/);
    // A forged or another account's device cookie does not help the attacker.
    const forged = await signIn(
      email,
      PASSWORD,
      ATTACKER_IP,
      `buildbid_device=${'A'.repeat(22)}.${'B'.repeat(43)}`,
    );
    expect(forged.statusCode).toBe(429);

    // Many more failures, waiting out every wait: past every free allowance.
    await guess(email, 12, ATTACKER_IP);
    const owner = await signIn(email, PASSWORD, OWNER_IP, device);
    expect(owner.statusCode).toBe(200);
    // The device cookie is the browser, wherever it goes.
    const travelling = await signIn(email, PASSWORD, '192.0.2.44', deviceCookie(owner));
    expect(travelling.statusCode).toBe(200);
  });

  it('the owner’s address without a device cookie still signs in while the attacker is elsewhere', async () => {
    const { email } = await register();
    await guess(email, 3, ATTACKER_IP);
    expect((await signIn(email, PASSWORD, ATTACKER_IP)).statusCode).toBe(429);
    const owner = await signIn(email, PASSWORD, OWNER_IP);
    expect(owner.statusCode).toBe(200);
    expect(deviceCookie(owner)).toMatch(/^buildbid_device=/);
  });

  it('guessing spread over many addresses slows every unknown browser down, never a known one', async () => {
    const { email } = await register();
    const device = deviceCookie(await signIn(email, PASSWORD, OWNER_IP));
    // Six addresses, two wrong passwords each: no address reaches its 3, but the account's unknown
    // browsers reach their 6 together.
    for (let i = 0; i < 6; i++) await guess(email, 2, `198.51.100.${20 + i}`);
    const stranger = await signIn(email, PASSWORD, '192.0.2.99');
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await signIn(email, PASSWORD, OWNER_IP)).statusCode).toBe(429); // no cookie: unknown too
    expect((await signIn(email, PASSWORD, OWNER_IP, device)).statusCode).toBe(200);
  });

  it('a device cookie’s own failures slow that browser down: a stolen cookie guesses no faster', async () => {
    const { email } = await register();
    const device = deviceCookie(await signIn(email, PASSWORD, OWNER_IP));
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(email, 'wrong', ATTACKER_IP, device)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The same address without the cookie is another client.
    expect((await signIn(email, PASSWORD, ATTACKER_IP)).statusCode).toBe(200);
  });

  it('the wait doubles with every further failure, and a success clears it (no sleeping: the clock moves)', async () => {
    const { email } = await register();
    for (let i = 0; i < 3; i++) await signIn(email, 'wrong');
    const first = await signIn(email, 'wrong'); // throttled: 1 s
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    clock.advance(1000);
    expect((await signIn(email, 'wrong')).statusCode).toBe(401); // the 4th failure: now 2 s
    const second = await signIn(email, PASSWORD);
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toMatch(/Try again in 2 seconds/);
    expect(second.headers['retry-after']).toBe('2');
    clock.advance(1000);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(429);
    clock.advance(1000);
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

describe('every 429 carries Retry-After (decision 0191)', () => {
  it('the per-address sign-in limit, public GETs, the message limit and the email-change limit', async () => {
    const limited = await buildTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '2',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '2',
      MESSAGE_RATE_LIMIT_PER_MINUTE: '1',
      EMAIL_CHANGES_PER_HOUR: '1',
    });
    type Answer = Awaited<ReturnType<typeof signIn>>;
    const refusals: Array<{ what: string; res: Answer }> = [];
    const lastOf = async (what: string, n: number, call: () => Promise<Answer>) => {
      let res = await call();
      for (let i = 1; i < n; i++) res = await call();
      refusals.push({ what, res });
    };
    try {
      const reg = async (ip: string) => {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: ip,
          payload: { email: uniqueEmail('limit'), password: PASSWORD },
        });
        return { cookie: sessionCookie(res), id: res.json().id as string };
      };
      const ann = await reg('192.0.2.1');
      const bob = await reg('192.0.2.2');
      await lastOf('sign-in per address', 3, () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          remoteAddress: '192.0.2.3',
          payload: { email: 'nobody@example.com', password: 'wrong' },
        }),
      );
      await lastOf('reset link per address', 3, () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          remoteAddress: '192.0.2.4',
          payload: { email: 'nobody@example.com' },
        }),
      );
      await lastOf('public GET', 3, () =>
        limited.app.inject({ method: 'GET', url: '/api/catalog', remoteAddress: '192.0.2.5' }),
      );
      await lastOf('messages per user', 2, () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/messages',
          headers: { cookie: ann.cookie },
          payload: { receiverId: bob.id, content: 'hi' },
        }),
      );
      await lastOf('email changes per hour', 2, () =>
        limited.app.inject({
          method: 'PATCH',
          url: '/api/users/me',
          headers: { cookie: bob.cookie },
          payload: { firstName: 'Bob', lastName: 'Lee', email: uniqueEmail('moved'), country: 'US' },
        }),
      );
      for (const { what, res } of refusals) {
        expect(res.statusCode, what).toBe(429);
        expect(String(res.headers['retry-after']), what).toMatch(/^[1-9]\d*$/);
      }
      // The email change's wait is the rule's own: within the hour.
      const email = refusals.find((r) => r.what === 'email changes per hour')?.res;
      expect(email?.json().code).toBe('EMAIL_CHANGE_LIMITED');
      expect(Number(email?.headers['retry-after'])).toBeGreaterThan(3500);
      expect(Number(email?.headers['retry-after'])).toBeLessThanOrEqual(3600);
    } finally {
      await limited.close();
    }
  });
});
