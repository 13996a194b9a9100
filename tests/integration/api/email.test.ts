import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RemindUnreadMessages } from '#application/email/index.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { truncateAll } from '../support/database.ts';
import { freePort, TinySmtpServer } from '../support/tiny-smtp.ts';
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

interface OutboxRow {
  recipient: string;
  subject: string;
  text_body: string;
  headers: Record<string, string>;
  attempts: number;
  sent_at: Date | null;
  last_error: string | null;
}

async function outbox(app: TestApp): Promise<OutboxRow[]> {
  return app.composition.orm.em
    .getConnection()
    .execute<OutboxRow[]>(
      'select recipient, subject, text_body, headers, attempts, sent_at, last_error from email_outbox order by created_at, recipient',
    );
}

const patchMe = (t: TestApp, caller: Caller, body: Record<string, unknown>) =>
  send(t, 'PATCH', '/api/users/me', caller.cookie, body);

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('who gets mail (development mailer: .eml files under DATA_DIR/outbox)', () => {
  let t: MarketplaceApp;
  let owner: Caller;

  beforeAll(async () => {
    t = await buildMarketplaceApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await truncateAll(t.composition.orm);
    owner = await signUp(t, 'client');
  });

  it("mails each contractor and vendor whose specialties match a new project's services, once", async () => {
    const roofer = await signUp(t, 'contractor', { firstName: 'Rita', lastName: 'Roofer' });
    const plumber = await signUp(t, 'vendor');
    const both = await signUp(t, 'contractor');
    const electrician = await signUp(t, 'contractor');
    const quiet = await signUp(t, 'contractor');
    const client = await signUp(t, 'client');
    await patchMe(t, roofer, { services: ['roofing'] });
    await patchMe(t, plumber, { services: ['plumbing'] });
    await patchMe(t, both, { services: ['roofing', 'plumbing'] });
    await patchMe(t, electrician, { services: ['electrical'] });
    await patchMe(t, quiet, { services: ['roofing'] });
    await patchMe(t, quiet, { emailNotifications: false });
    await patchMe(t, client, { services: ['roofing'] });

    const projectId = await createProject(t, owner.cookie, {
      title: 'Roof and pipes',
      services: ['roofing', 'plumbing'],
    });
    const rows = await outbox(t);
    expect(rows.map((r) => r.recipient).sort()).toEqual([roofer.email, plumber.email, both.email].sort());
    const rita = rows.find((r) => r.recipient === roofer.email) as OutboxRow;
    expect(rita.subject).toBe('New project matching your services: Roof and pipes');
    expect(rita.text_body).toContain('Hello Rita Roofer,');
    expect(rita.text_body).toContain(`/projects/${projectId}`);
    expect(rita.text_body).toMatch(/Unsubscribe: http:\/\/localhost:\d+\/api\/unsubscribe\?token=/);
    expect(rita.headers['List-Unsubscribe']).toMatch(/^<http.*\/api\/unsubscribe\?token=.+>$/);

    // The worker sends them: one .eml file each, and the outbox rows are marked sent.
    await t.composition.workers.mail.runOnce();
    const dir = join(t.dataDir, 'outbox');
    // (The sign-ups' verification mails may be among the files: only the project mails are counted.)
    const projectMails = () =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => readFileSync(join(dir, f), 'utf8'))
        .filter((m) => m.includes('New project matching your services'));
    await until(() => existsSync(dir) && projectMails().length === 3);
    const eml = projectMails();
    expect(eml.some((m) => m.includes(`To: ${roofer.email}`) && m.includes('List-Unsubscribe'))).toBe(true);
    expect((await outbox(t)).every((r) => r.sent_at !== null && r.attempts === 1)).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('mails bidders when their bid is accepted or rejected (only with emailNotifications on)', async () => {
    const projectId = await createProject(t, owner.cookie, { title: 'Garage door', services: [] });
    const winner = await signUp(t, 'contractor');
    const loser = await signUp(t, 'contractor');
    const silent = await signUp(t, 'contractor');
    await patchMe(t, silent, { emailNotifications: false });
    const winningBid = await placeBid(t, winner.cookie, projectId);
    await placeBid(t, loser.cookie, projectId);
    await placeBid(t, silent.cookie, projectId);
    expect(await outbox(t)).toEqual([]);
    await send(t, 'PATCH', `/api/bids/${winningBid}/status`, owner.cookie, { status: 'accepted' });
    const rows = await outbox(t);
    expect(rows.map((r) => [r.recipient, r.subject]).sort()).toEqual(
      [
        [winner.email, 'Your bid on “Garage door” was accepted'],
        [loser.email, 'Your bid on “Garage door” was not accepted'],
      ].sort(),
    );
    expect(rows.find((r) => r.recipient === loser.email)?.text_body).toContain('accepted another bid');
  });

  it('reminds a user of a message unread for 15 minutes, once', async () => {
    const bob = await signUp(t, 'contractor', { firstName: 'Bob', lastName: 'Builder' });
    const sue = await signUp(t, 'contractor');
    const nobody = await signUp(t, 'contractor');
    await patchMe(t, nobody, { emailNotifications: false });
    for (const to of [bob, bob, sue, nobody]) {
      expect(
        (
          await send(t, 'POST', '/api/messages', owner.cookie, {
            receiverId: to.id,
            content: 'Are you free?',
          })
        ).statusCode,
      ).toBe(201);
    }
    // Sue reads hers (opening a thread marks it read through POST /api/messages/read).
    expect(
      (await send(t, 'POST', '/api/messages/read', sue.cookie, { otherUserId: owner.id })).statusCode,
    ).toBeLessThan(300);
    const remind = t.composition.get(RemindUnreadMessages);
    expect(await remind.execute(new Date(Date.now() + 14 * 60_000))).toBe(0);
    expect(await remind.execute(new Date(Date.now() + 16 * 60_000))).toBe(1);
    const rows = await outbox(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      recipient: bob.email,
      subject: 'You have 2 unread messages on BuildBid',
    });
    expect(rows[0]?.text_body).toContain('from Client Tester');
    // Covered messages are not reminded of again.
    expect(await remind.execute(new Date(Date.now() + 60 * 60_000))).toBe(0);
  });
});

describe('a mail server that is down loses no mail', () => {
  let port: number;
  let dataDir: string;
  let t: TestApp;
  let smtp: TinySmtpServer | undefined;

  beforeAll(async () => {
    port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'buildbid-smtp-'));
    t = await buildTestApp({
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_POLL_MS: '50',
      MAIL_RETRY_BASE_MS: '50',
      MAIL_RETRY_MAX_MS: '200',
    });
    await truncateAll(t.composition.orm);
  });
  afterEach(async () => {
    await smtp?.close();
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps retrying with backoff while the server is down, then delivers everything once it is up', async () => {
    const owner = await signUp(t, 'client');
    const bidders = [
      await signUp(t, 'contractor'),
      await signUp(t, 'contractor'),
      await signUp(t, 'contractor'),
    ];
    const projectId = await createProject(t, owner.cookie, { title: 'Pool deck', services: [] });
    const bids = [];
    for (const b of bidders) bids.push(await placeBid(t, b.cookie, projectId));

    // The request that queues the mails is not slowed or failed by the dead server.
    const started = performance.now();
    const accepted = await send(t, 'PATCH', `/api/bids/${bids[0]}/status`, owner.cookie, {
      status: 'accepted',
    });
    expect(accepted.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);

    await until(async () => (await outbox(t)).every((r) => r.attempts >= 3));
    const failing = await outbox(t);
    expect(failing).toHaveLength(3);
    expect(failing.every((r) => r.sent_at === null && r.last_error !== null)).toBe(true);

    smtp = new TinySmtpServer();
    await smtp.listen(port);
    await until(async () => (await outbox(t)).every((r) => r.sent_at !== null));
    const server = smtp;
    expect(server.mails.map((m) => m.to[0]).sort()).toEqual(bidders.map((b) => `<${b.email}>`).sort());
    const mail = server.mails.find((m) => m.to[0] === `<${bidders[0]?.email}>`) as { data: string };
    expect(mail.data).toMatch(/^Subject: /m);
    expect(mail.data).toContain('List-Unsubscribe:');

    // The unsubscribe link in the delivered mail works without signing in.
    const link = /Unsubscribe: (http\S+)/.exec(
      mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
    )?.[1] as string;
    const url = new URL(link);
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(200);
    expect((await get(t, '/api/auth/user', bidders[0]?.cookie)).json().emailNotifications).toBe(false);
  });
});
