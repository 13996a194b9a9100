import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionCookie } from '../support/app.ts';
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
} from './marketplace-support.ts';

/**
 * The account lifecycle over HTTP on PostgreSQL (decision 0160): forgotten passwords,
 * password changes, email verification, the export and account deletion.
 */
let t: MarketplaceApp;

const sql = <T extends object>(query: string, params: unknown[] = []) =>
  t.composition.orm.em.getConnection().execute<T[]>(query, params);

/** The link of the newest mail to `email` whose subject is `subject`. */
async function linkIn(email: string, subject: string, path: string): Promise<string> {
  const [mail] = await sql<{ text_body: string }>(
    'select text_body from email_outbox where recipient = ? and subject = ? order by created_at desc limit 1',
    [email, subject],
  );
  const token = new RegExp(`/${path}\\?token=(\\S+)`).exec(mail?.text_body ?? '')?.[1];
  if (!token) throw new Error(`no '${subject}' mail to ${email}`);
  return decodeURIComponent(token);
}
const RESET = 'Reset your BuildBid password';
const VERIFY = 'Verify your email for BuildBid';

const signIn = (email: string, password: string) =>
  send(t, 'POST', '/api/auth/signin', undefined, { email, password });
const me = (cookie: string) => get(t, '/api/auth/user', cookie);

beforeAll(async () => {
  t = await buildMarketplaceApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await truncateAll(t.composition.orm);
});

describe('forgotten passwords', () => {
  it('answers alike for any email, mails a single-use link, and the reset signs in fresh and ends every other session', async () => {
    const ann = await signUp(t, 'contractor');
    const elsewhere = sessionCookie(await signIn(ann.email, 'secret12'));
    const unknown = await send(t, 'POST', '/api/auth/forgot-password', undefined, {
      email: 'nobody@example.com',
    });
    const known = await send(t, 'POST', '/api/auth/forgot-password', undefined, {
      email: ann.email.toUpperCase(),
    });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toContain('If an account exists for that email');
    expect(await sql(`select 1 from email_outbox where recipient = 'nobody@example.com'`)).toEqual([]);

    const token = await linkIn(ann.email, RESET, 'reset-password');
    // Only a hash of the link's secret is stored.
    const stored = await sql<{ token_hash: string }>('select token_hash from password_resets');
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);

    // A refused password does not use up the link.
    const weak = await send(t, 'POST', '/api/auth/reset-password', undefined, { token, password: '1234567' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT', field: 'password' });

    const reset = await send(t, 'POST', '/api/auth/reset-password', undefined, {
      token,
      password: 'a new long passphrase',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ id: ann.id, email: ann.email });
    const fresh = (reset.headers['set-cookie'] as string).split(';')[0] as string;
    expect((await me(fresh)).statusCode).toBe(200);
    // Every session the account had is over; the old password too.
    expect((await me(ann.cookie)).statusCode).toBe(401);
    expect((await me(elsewhere.split(';')[0] as string)).statusCode).toBe(401);
    expect((await signIn(ann.email, 'secret12')).statusCode).toBe(401);
    expect((await signIn(ann.email, 'a new long passphrase')).statusCode).toBe(200);

    // Single use.
    const again = await send(t, 'POST', '/api/auth/reset-password', undefined, {
      token,
      password: 'yet another passphrase',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'INVALID_RESET_TOKEN',
      message: 'This reset link is invalid or has expired. Ask for a new one.',
    });
  });

  it('refuses an expired link, and sends at most three mails an hour per account', async () => {
    const ann = await signUp(t, 'client');
    await send(t, 'POST', '/api/auth/forgot-password', undefined, { email: ann.email });
    const token = await linkIn(ann.email, RESET, 'reset-password');
    await sql(`update password_resets set expires_at = now() - interval '1 second'`);
    const expired = await send(t, 'POST', '/api/auth/reset-password', undefined, {
      token,
      password: 'a new long passphrase',
    });
    expect(expired.json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
    expect((await signIn(ann.email, 'secret12')).statusCode).toBe(200);

    for (let i = 0; i < 4; i++) {
      expect(
        (await send(t, 'POST', '/api/auth/forgot-password', undefined, { email: ann.email })).statusCode,
      ).toBe(202);
    }
    const mails = await sql('select 1 from email_outbox where recipient = ? and subject = ?', [
      ann.email,
      RESET,
    ]);
    // The first request (before the loop) and two more within the hour: three.
    expect(mails).toHaveLength(3);
    expect(
      (await send(t, 'POST', '/api/auth/forgot-password', undefined, { email: '  ' })).json(),
    ).toMatchObject({ code: 'EMAIL_REQUIRED' });
  });
});

describe('changing the password', () => {
  it('needs the current one, keeps this session and ends the others', async () => {
    const ann = await signUp(t, 'vendor');
    const other = sessionCookie(await signIn(ann.email, 'secret12'));
    const wrong = await send(t, 'PUT', '/api/users/me/password', ann.cookie, {
      currentPassword: 'not it',
      newPassword: 'a new long passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', field: 'currentPassword' });
    const common = await send(t, 'PUT', '/api/users/me/password', ann.cookie, {
      currentPassword: 'secret12',
      newPassword: '12345678',
    });
    expect(common.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'newPassword' });
    expect((await me(other)).statusCode).toBe(200);

    const changed = await send(t, 'PUT', '/api/users/me/password', ann.cookie, {
      currentPassword: 'secret12',
      newPassword: 'a new long passphrase',
    });
    expect(changed.statusCode).toBe(204);
    expect((await me(ann.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await signIn(ann.email, 'secret12')).statusCode).toBe(401);
    expect((await signIn(ann.email, 'a new long passphrase')).statusCode).toBe(200);
  });
});

describe('email verification', () => {
  it('mails a link at registration, sends no notification mail until it is followed, and verifies without a sign-in', async () => {
    const owner = await signUp(t, 'client');
    const roofer = await signUp(t, 'contractor', {}, { verified: false });
    expect((await me(roofer.cookie)).json()).toMatchObject({ emailVerified: false });
    await send(t, 'PATCH', '/api/users/me', roofer.cookie, { services: ['roofing'] });
    await createProject(t, owner.cookie, { title: 'Roof before verification', services: ['roofing'] });
    expect(
      await sql(`select 1 from email_outbox where recipient = ? and subject like 'New project%'`, [
        roofer.email,
      ]),
    ).toEqual([]);

    const token = await linkIn(roofer.email, VERIFY, 'verify-email');
    const forged = await send(t, 'POST', '/api/auth/verify-email', undefined, { token: `${token}x` });
    expect(forged.json()).toMatchObject({ code: 'INVALID_VERIFICATION_TOKEN' });
    const verified = await send(t, 'POST', '/api/auth/verify-email', undefined, { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ email: roofer.email });
    expect((await me(roofer.cookie)).json()).toMatchObject({ emailVerified: true });
    const resend = await send(t, 'POST', '/api/users/me/verification-email', roofer.cookie);
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ code: 'EMAIL_ALREADY_VERIFIED' });

    await createProject(t, owner.cookie, { title: 'Roof after verification', services: ['roofing'] });
    expect(
      await sql(`select subject from email_outbox where recipient = ? and subject like 'New project%'`, [
        roofer.email,
      ]),
    ).toEqual([{ subject: 'New project matching your services: Roof after verification' }]);
  });

  it('a new email is unverified until its own link is followed; a link to the old one verifies nothing', async () => {
    const ann = await signUp(t, 'client', {}, { verified: false });
    const oldLink = await linkIn(ann.email, VERIFY, 'verify-email');
    const resent = await send(t, 'POST', '/api/users/me/verification-email', ann.cookie);
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toEqual({ message: `We sent a new verification link to ${ann.email}.` });

    const newEmail = `new-${ann.email}`;
    const changed = await send(t, 'PATCH', '/api/users/me', ann.cookie, {
      firstName: 'Ann',
      lastName: 'Tester',
      email: newEmail,
      country: 'US',
      currentPassword: 'secret12',
    });
    expect(changed.json()).toMatchObject({ email: newEmail, emailVerified: false });
    const stale = await send(t, 'POST', '/api/auth/verify-email', undefined, { token: oldLink });
    expect(stale.json()).toMatchObject({ code: 'INVALID_VERIFICATION_TOKEN' });
    const link = await linkIn(newEmail, VERIFY, 'verify-email');
    expect((await send(t, 'POST', '/api/auth/verify-email', undefined, { token: link })).statusCode).toBe(
      200,
    );
    expect((await me(ann.cookie)).json()).toMatchObject({ emailVerified: true });
  });
});

describe('download my data and delete the account', () => {
  let owner: Caller;
  let contractor: Caller;

  beforeEach(async () => {
    owner = await signUp(t, 'client', { firstName: 'Olga', lastName: 'Owner' });
    contractor = await signUp(t, 'contractor', { firstName: 'Carl', lastName: 'Contractor' });
  });

  it('exports the profile, projects, bids, messages and reviews as a download', async () => {
    const projectId = await createProject(t, owner.cookie, { title: 'Porch' });
    await placeBid(t, contractor.cookie, projectId);
    await send(t, 'POST', '/api/messages', contractor.cookie, {
      receiverId: owner.id,
      projectId,
      content: 'When can I see the porch?',
      type: 'text',
    });
    const res = await get(t, '/api/users/me/export', contractor.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="buildbid-data.json"');
    const data = res.json();
    expect(data.profile).toMatchObject({ id: contractor.id, email: contractor.email });
    expect(data.bids).toEqual([expect.objectContaining({ projectId, projectTitle: 'Porch' })]);
    expect(data.messages).toEqual([expect.objectContaining({ content: 'When can I see the porch?' })]);
    expect(data.projects).toEqual([]);
    expect((await get(t, '/api/users/me/export')).statusCode).toBe(401);
  });

  it("needs the password; then the bids stay as 'Deleted user', open projects go, sessions end and the email is free", async () => {
    const ownersProject = await createProject(t, owner.cookie, { title: 'New deck' });
    await placeBid(t, contractor.cookie, ownersProject);
    // The contractor's own open project (as a client would post) goes with the account.
    await send(t, 'PATCH', '/api/users/me/role', contractor.cookie, { role: 'client' });
    const ownOpen = await createProject(t, contractor.cookie, { title: 'My own shed' });
    const other = sessionCookie(await signIn(contractor.email, 'secret12'));

    const wrong = await send(t, 'POST', '/api/users/me/delete', contractor.cookie, { password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    expect((await me(contractor.cookie)).statusCode).toBe(200);

    const deleted = await send(t, 'POST', '/api/users/me/delete', contractor.cookie, {
      password: 'secret12',
    });
    expect(deleted.statusCode).toBe(204);
    expect((await me(contractor.cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await signIn(contractor.email, 'secret12')).statusCode).toBe(401);
    expect((await get(t, `/api/projects/${ownOpen}`, owner.cookie)).statusCode).toBe(404);

    const bids = (await get(t, `/api/projects/${ownersProject}/bids`, owner.cookie)).json();
    expect(bids).toHaveLength(1);
    expect(bids[0].contractor).toMatchObject({ firstName: 'Deleted', lastName: 'user' });

    // The email can register again, as a new account.
    const again = await send(t, 'POST', '/api/auth/register', undefined, {
      email: contractor.email,
      password: 'a long passphrase',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(contractor.id);
  });

  it('keeps a project with an accepted bid, and never deletes the last admin', async () => {
    const projectId = await createProject(t, owner.cookie, { title: 'Awarded roof' });
    const bidId = await placeBid(t, contractor.cookie, projectId);
    await send(t, 'PATCH', `/api/bids/${bidId}/status`, owner.cookie, { status: 'accepted' });
    expect(
      (await send(t, 'POST', '/api/users/me/delete', owner.cookie, { password: 'secret12' })).statusCode,
    ).toBe(204);
    const kept = await get(t, `/api/projects/${projectId}`, contractor.cookie);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().createdBy).toMatchObject({ firstName: 'Deleted', lastName: 'user' });

    const admin = await signUp(t, 'admin');
    const last = await send(t, 'POST', '/api/users/me/delete', admin.cookie, { password: 'secret12' });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'LAST_ADMIN' });
    expect((await me(admin.cookie)).statusCode).toBe(200);
  });

  it('cancels a running Pro subscription through the payment gateway', async () => {
    const start = await send(t, 'POST', '/api/create-subscription', contractor.cookie);
    const confirmed = await send(t, 'POST', '/api/subscription/sandbox/confirm', contractor.cookie, {
      clientSecret: start.json().clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 40',
      cvc: '123',
    });
    expect(confirmed.json()).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: false });
    expect(
      (await send(t, 'POST', '/api/users/me/delete', contractor.cookie, { password: 'secret12' })).statusCode,
    ).toBe(204);
    expect(
      await sql('select cancel_at_period_end from payment_subscriptions where user_id = ?', [contractor.id]),
    ).toEqual([{ cancel_at_period_end: true }]);
  });
});
