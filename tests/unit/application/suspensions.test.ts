import { beforeEach, describe, expect, it } from 'vitest';
import type { QueuedMail } from '#application/email/ports.ts';
import { GetProject } from '#application/projects/index.ts';
import { LIFT_NOTICE, LiftSuspension, SuspendUser, suspensionNotice } from '#application/safety/index.ts';
import {
  aBid,
  aClient,
  aContractor,
  anAdmin,
  aProject,
  type Env,
  makeEnv,
  NOW,
} from '../../fakes/mothers.ts';

/**
 * Decision 0223: SuspendUser and LiftSuspension (issue 27 item 3) on the in-memory unit of work: what one
 * transaction writes, what ends after the commit, which mails go, and the audit log (decision 0224). The
 * adapters' part (SQL, sockets across instances, the outbox's filter) is proven on PostgreSQL in
 * tests/integration/api/suspensions.test.ts.
 */
let env: Env;
let ended: string[];
let tokensRevoked: string[];
let grantsRevoked: string[];
let closedSockets: string[];
let mails: QueuedMail[];
const admin = anAdmin('admin-1');
const owner = aClient('owner');
const contractor = aContractor('contractor');

beforeEach(() => {
  env = makeEnv();
  for (const user of [admin, owner, contractor]) env.db.addUser(user);
  ended = [];
  tokensRevoked = [];
  grantsRevoked = [];
  closedSockets = [];
  mails = [];
});

const deps = () => ({
  uow: env.uow,
  ids: env.ids,
  clock: env.clock,
  sessions: {
    async revokeAllForUser(userId: string) {
      ended.push(userId);
      return [`sid-of-${userId}`];
    },
  },
  accessTokens: {
    async revokeAllForUser(userId: string) {
      tokensRevoked.push(userId);
      return 1;
    },
  },
  oauthGrants: {
    async revokeAllForUser(userId: string) {
      grantsRevoked.push(userId);
      return 1;
    },
  },
  realtime: {
    async sendToUser() {},
    async closeSession(sid: string) {
      closedSockets.push(sid);
    },
  },
  mail: {
    async enqueue(queued: readonly QueuedMail[]) {
      mails.push(...queued);
      return queued.length;
    },
    claimDue: async () => [],
    markSent: async () => {},
    markFailed: async () => {},
    purgeSentBefore: async () => 0,
  },
});
const suspend = () => new SuspendUser(deps());
const lift = () => new LiftSuspension(deps());

describe('SuspendUser', () => {
  it('in one commit: the suspension, the audit entry and the withdrawn bids (owners told); then everything ends and the notice goes', async () => {
    const project = aProject({ id: 'p1', owner });
    env.db.addProject(project);
    env.db.addBid(aBid({ id: 'b1', project, bidder: contractor }));
    const decided = aBid({ id: 'b2', project: aProject({ id: 'p2', owner }), bidder: contractor });
    decided.reject(NOW, 'T', 'declined');
    env.db.addProject(aProject({ id: 'p2', owner }));
    env.db.addBid(decided);

    const made = await suspend().execute(
      admin,
      contractor.id,
      { days: 3, reason: 'Cash only.' },
      { reportId: 'report-1' },
    );

    expect(made).toMatchObject({ userId: contractor.id, reason: 'Cash only.', reportId: 'report-1' });
    expect(env.db.commits).toBe(1);
    expect([...env.db.suspensions.rows.values()]).toEqual([made]);
    expect([...env.db.adminActions.rows.values()]).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        targetId: contractor.id,
        action: 'user_suspended',
        reason: 'Cash only.',
        reportId: 'report-1',
        endsAt: made.endsAt,
      }),
    ]);
    expect(env.db.bid('b1')?.status).toBe('withdrawn');
    expect(env.db.bid('b2')?.status).toBe('rejected');
    expect(env.events.published).toEqual([
      expect.objectContaining({
        type: 'bid_withdrawn',
        bidId: 'b1',
        recipientId: 'owner',
        reason: 'account_suspended',
      }),
    ]);
    expect(env.db.mailDiscardedFor).toEqual([contractor.id]);
    expect([ended, tokensRevoked, grantsRevoked, closedSockets]).toEqual([
      [contractor.id],
      [contractor.id],
      [contractor.id],
      [`sid-of-${contractor.id}`],
    ]);
    expect(mails).toEqual([
      expect.objectContaining({
        to: contractor.email,
        subject: 'Your BuildBid account is suspended',
        userId: contractor.id,
        purpose: 'suspension_notice',
        dedupeKey: `suspension:${made.id}`,
      }),
    ]);
    expect(suspensionNotice(made).paragraphs[0]).toMatch(
      /^An admin suspended your BuildBid account through /,
    );
    expect(suspensionNotice({ ...made, endsAt: null }).paragraphs[0]).toBe(
      'An admin suspended your BuildBid account until an admin lifts the suspension.',
    );
  });

  it('refuses a non-admin before anything else, an unknown user (404), and a second suspension; nothing ends then', async () => {
    await expect(suspend().execute(owner, 'nobody', { days: 3, reason: 'x' })).rejects.toMatchObject({
      code: 'ADMIN_ONLY',
    });
    await expect(suspend().execute(admin, 'nobody', { days: 3, reason: 'x' })).rejects.toMatchObject({
      code: 'USER_NOT_FOUND',
    });
    await suspend().execute(admin, contractor.id, { days: null, reason: 'x' });
    ended = [];
    mails = [];
    await expect(suspend().execute(admin, contractor.id, { days: 3, reason: 'y' })).rejects.toMatchObject({
      code: 'ALREADY_SUSPENDED',
    });
    expect(ended).toEqual([]);
    expect(mails).toEqual([]);
    expect(env.db.suspensions.rows.size).toBe(1);
  });
});

describe('LiftSuspension', () => {
  it('marks it lifted with the audit entry (and the report), mails that it is over; withdrawn bids stay withdrawn', async () => {
    const project = aProject({ id: 'p1', owner });
    env.db.addProject(project);
    env.db.addBid(aBid({ id: 'b1', project, bidder: contractor }));
    const made = await suspend().execute(admin, contractor.id, { days: 3, reason: 'x' });
    mails = [];

    const lifted = await lift().execute(admin, contractor.id, { reportId: 'report-2' });

    expect(lifted).toEqual({ ...made, liftedAt: NOW, liftedBy: admin.id });
    expect(env.db.suspensions.rows.get(made.id)).toEqual(lifted);
    expect([...env.db.adminActions.rows.values()].map((a) => [a.action, a.reportId])).toEqual([
      ['user_suspended', null],
      ['suspension_lifted', 'report-2'],
    ]);
    expect(env.db.bid('b1')?.status).toBe('withdrawn');
    expect(mails).toEqual([
      expect.objectContaining({
        subject: LIFT_NOTICE.subject,
        to: contractor.email,
        purpose: 'suspension_notice',
      }),
    ]);
    await expect(lift().execute(admin, contractor.id)).rejects.toMatchObject({ code: 'NOT_SUSPENDED' });
    await expect(lift().execute(owner, contractor.id)).rejects.toMatchObject({ code: 'ADMIN_ONLY' });
  });
});

describe("GetProject and a suspended owner's project", () => {
  it('is not found by others while the suspension stands, and found by the owner and admins; found again once it ends', async () => {
    const project = aProject({ id: 'p1', owner });
    env.db.addProject(project);
    await suspend().execute(admin, owner.id, { days: 1, reason: 'x' });
    const get = () =>
      new GetProject({
        projects: env.projectQuery,
        hidden: env.hidden,
        clock: env.clock,
        suspensions: env.suspensions,
      });

    await expect(get().execute(contractor, 'p1')).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    await expect(get().execute(owner, 'p1')).resolves.toMatchObject({ project: { id: 'p1' } });
    await expect(get().execute(admin, 'p1')).resolves.toMatchObject({ project: { id: 'p1' } });
    env.clock.advance(3 * 24 * 60 * 60 * 1000);
    await expect(get().execute(contractor, 'p1')).resolves.toMatchObject({ project: { id: 'p1' } });
  });
});
