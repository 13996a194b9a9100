// @vitest-environment jsdom
/**
 * Consumer side of the admin remote's contract: the admin page's calls (apps/admin/src/api.ts) through
 * its own typed client, against the Pact mock server. Admin only: the main error is a non-admin's 403.
 */
import { describe, expect, it, vi } from 'vitest';

// Before Pact loads: no telemetry from tests.
vi.hoisted(() => {
  process.env.PACT_DO_NOT_TRACK = 'true';
});

import { hasStatus } from '@buildbid/api-client';
import { MatchersV3 } from '@pact-foundation/pact';
import {
  claimItem,
  decideItem,
  getAdminStats,
  getModerationItem,
  liftSuspension,
  listAdminActions,
  listModerationActions,
  listModerationQueue,
  listRoleChanges,
  listUsers,
  releaseItem,
  setUserRole,
  suspendUser,
} from '../../apps/admin/src/api.ts';
import { userBody } from '../support/bodies.ts';
import {
  consumerContract,
  EXAMPLE_IDS,
  errorBody,
  itKeepsTheCommittedPact,
  JSON_CONTENT,
  JSON_WITH_SESSION,
  stateId,
  statePath,
  UNKNOWN_ID,
  WITH_SESSION,
} from '../support/consumer.ts';
import { CONSUMERS, STATES } from '../support/contract.ts';

const { eachLike, equal, integer, like, regex, uuid, iso8601DateTimeWithMillis } = MatchersV3;
const TOTAL_COUNT = { 'X-Total-Count': regex('\\d+', '1') };
const FIRST_PAGE = { limit: 25, offset: 0 };

const CONSUMER = CONSUMERS.admin;
const ADMIN = { email: 'admin@example.com', role: 'admin', firstName: 'Ada' };
const CLIENT = { email: 'ann@example.com', role: 'client' };
const ADMIN_ONLY = errorBody('ADMIN_ONLY', 'Admin privileges required');

describe(`${CONSUMER} → buildbid-api`, () => {
  const contract = consumerContract(CONSUMER);
  const { pact } = contract;
  const browseTo = (url: string) => contract.browseTo(url, { signedIn: true });

  describe('users (GET /api/admin/users)', () => {
    it('answers an admin a page of users by role and text, with the total: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, ADMIN)
        .uponReceiving('an admin’s search for admins named ada, first page')
        .withRequest('GET', '/api/admin/users', (b) =>
          b.headers(WITH_SESSION).query({ role: 'admin', q: 'ada', limit: '25', offset: '0' }),
        )
        .willRespondWith(200, (b) =>
          b
            .headers({ ...JSON_CONTENT, ...TOTAL_COUNT })
            // An admin is never suspended (decision 0223): the table reads `suspension` as null.
            .jsonBody(eachLike(userBody({ role: equal('admin'), firstName: like('Ada'), suspension: null }))),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const page = await listUsers({ role: 'admin', q: 'ada', ...FIRST_PAGE });
          expect(page.total).toBe(1);
          expect(page.items[0]?.role).toBe('admin');
        });
    });

    it('refuses a non-admin: 403', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a client’s request for all users')
        .withRequest('GET', '/api/admin/users', (b) =>
          b.headers(WITH_SESSION).query({ limit: '25', offset: '0' }),
        )
        .willRespondWith(403, (b) => b.headers(JSON_CONTENT).jsonBody(ADMIN_ONLY))
        .executeTest(async (mock) => {
          browseTo(mock.url);
          expect(hasStatus(await listUsers(FIRST_PAGE).catch((e: unknown) => e), 403)).toBe(true);
        });
    });
  });

  describe('the role-change audit log (GET /api/admin/role-changes)', () => {
    it('answers an admin the newest entries with the total: 200', async () => {
      await pact
        .addInteraction()
        // The admin:promote command made this admin: the log's entry names no admin.
        .given(STATES.signedInUser, ADMIN)
        .uponReceiving('an admin’s request for the newest role changes')
        .withRequest('GET', '/api/admin/role-changes', (b) =>
          b.headers(WITH_SESSION).query({ limit: '10', offset: '0' }),
        )
        .willRespondWith(200, (b) =>
          b.headers({ ...JSON_CONTENT, ...TOTAL_COUNT }).jsonBody(
            eachLike({
              id: uuid(EXAMPLE_IDS.bidId),
              admin: null,
              user: {
                id: uuid(EXAMPLE_IDS.userId),
                name: like('Ada Tester'),
                email: like('admin@example.com'),
              },
              fromRole: like('client'),
              toRole: equal('admin'),
              createdAt: iso8601DateTimeWithMillis('2026-03-01T10:00:00.000Z'),
            }),
          ),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const page = await listRoleChanges(10, 0);
          expect(page.total).toBe(1);
          expect(page.items[0]).toMatchObject({ admin: null, toRole: 'admin' });
        });
    });

    it('refuses a non-admin: 403', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a client’s request for the role changes')
        .withRequest('GET', '/api/admin/role-changes', (b) =>
          b.headers(WITH_SESSION).query({ limit: '10', offset: '0' }),
        )
        .willRespondWith(403, (b) => b.headers(JSON_CONTENT).jsonBody(ADMIN_ONLY))
        .executeTest(async (mock) => {
          browseTo(mock.url);
          expect(hasStatus(await listRoleChanges(10, 0).catch((e: unknown) => e), 403)).toBe(true);
        });
    });
  });

  describe('platform stats (GET /api/admin/stats)', () => {
    it('answers the counts for an admin: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, ADMIN)
        .uponReceiving('an admin’s request for the platform stats')
        .withRequest('GET', '/api/admin/stats', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({ activeProjects: integer(0), totalBids: integer(0) }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          expect(await getAdminStats()).toEqual({ activeProjects: 0, totalBids: 0 });
        });
    });

    it('refuses a non-admin: 403', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a client’s request for the platform stats')
        .withRequest('GET', '/api/admin/stats', (b) => b.headers(WITH_SESSION))
        .willRespondWith(403, (b) => b.headers(JSON_CONTENT).jsonBody(ADMIN_ONLY))
        .executeTest(async (mock) => {
          browseTo(mock.url);
          expect(hasStatus(await getAdminStats().catch((e: unknown) => e), 403)).toBe(true);
        });
    });
  });

  describe('change a role (POST /api/admin/users/{id}/role)', () => {
    it('gives another user a role: 200 with the user', async () => {
      const { path } = statePath('otherUserId', (id) => `/api/admin/users/${id}/role`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, ADMIN)
        .given(STATES.userExists, { email: 'marcus@example.com', role: 'client', as: 'otherUserId' })
        .uponReceiving('an admin making another user a contractor')
        .withRequest('POST', path, (b) => b.headers(JSON_WITH_SESSION).jsonBody({ role: 'contractor' }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(userBody({ role: equal('contractor') })),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          await expect(setUserRole(EXAMPLE_IDS.otherUserId, 'contractor')).resolves.toBeUndefined();
        });
    });

    it('answers 404 for a user who is not there', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, ADMIN)
        .uponReceiving('an admin changing the role of an unknown user')
        .withRequest('POST', `/api/admin/users/${UNKNOWN_ID}/role`, (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ role: 'contractor' }),
        )
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('USER_NOT_FOUND', 'No such user')),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const failure = await setUserRole(UNKNOWN_ID, 'contractor').catch((e: unknown) => e);
          expect(hasStatus(failure, 404)).toBe(true);
        });
    });
  });

  describe('suspensions (decision 0223)', () => {
    const MARCUS = {
      email: 'marcus@example.com',
      role: 'contractor',
      firstName: 'Marcus',
      as: 'otherUserId',
    };
    const suspensionBody = (endsAt: unknown, liftedAt: unknown) => ({
      id: uuid(EXAMPLE_IDS.bidId),
      userId: uuid(EXAMPLE_IDS.otherUserId),
      reason: like('Asked to be paid in cash.'),
      startsAt: iso8601DateTimeWithMillis('2026-11-26T15:04:05.000Z'),
      endsAt,
      liftedAt,
      reportId: null,
    });

    it('suspends a user for a number of days with a reason: 201 with the suspension', async () => {
      const { path } = statePath('otherUserId', (id) => `/api/admin/users/${id}/suspension`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, ADMIN)
        .given(STATES.userExists, MARCUS)
        .uponReceiving('an admin suspending a contractor for 7 days')
        .withRequest('POST', path, (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ days: 7, reason: 'Asked to be paid in cash.' }),
        )
        .willRespondWith(201, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(suspensionBody(iso8601DateTimeWithMillis('2026-12-04T04:59:59.999Z'), null)),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const made = await suspendUser(EXAMPLE_IDS.otherUserId, {
            days: 7,
            reason: 'Asked to be paid in cash.',
          });
          expect(made.endsAt).not.toBeNull();
        });
    });

    it('refuses a second suspension while one stands: 409 ALREADY_SUSPENDED', async () => {
      const { path } = statePath('otherUserId', (id) => `/api/admin/users/${id}/suspension`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, ADMIN)
        .given(STATES.userExists, MARCUS)
        .given(STATES.userSuspended, { admin: ADMIN.email, user: MARCUS.email })
        .uponReceiving('an admin suspending a contractor who is suspended until lifted')
        .withRequest('POST', path, (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ days: null, reason: 'Fraud.' }),
        )
        .willRespondWith(409, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(
              errorBody(
                'ALREADY_SUSPENDED',
                'This user is already suspended until an admin lifts it. Lift the suspension first to change it.',
              ),
            ),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const failure = await suspendUser(EXAMPLE_IDS.otherUserId, { days: null, reason: 'Fraud.' }).catch(
            (e: unknown) => e,
          );
          expect(hasStatus(failure, 409)).toBe(true);
        });
    });

    it('lifts a suspension: 200 with it lifted', async () => {
      const { path } = statePath('otherUserId', (id) => `/api/admin/users/${id}/suspension`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, ADMIN)
        .given(STATES.userExists, MARCUS)
        .given(STATES.userSuspended, { admin: ADMIN.email, user: MARCUS.email })
        .uponReceiving('an admin lifting the suspension of a contractor')
        .withRequest('DELETE', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(suspensionBody(null, iso8601DateTimeWithMillis('2026-11-27T15:04:05.000Z'))),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const lifted = await liftSuspension(EXAMPLE_IDS.otherUserId);
          expect(lifted.liftedAt).not.toBeNull();
        });
    });

    it('answers 409 NOT_SUSPENDED for a user who is not suspended', async () => {
      const { path } = statePath('otherUserId', (id) => `/api/admin/users/${id}/suspension`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, ADMIN)
        .given(STATES.userExists, MARCUS)
        .uponReceiving('an admin lifting the suspension of a contractor who is not suspended')
        .withRequest('DELETE', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(409, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('NOT_SUSPENDED', 'This user is not suspended')),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          expect(hasStatus(await liftSuspension(EXAMPLE_IDS.otherUserId).catch((e: unknown) => e), 409)).toBe(
            true,
          );
        });
    });

    it('answers an admin the moderation log, newest first, with the total: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, ADMIN)
        .given(STATES.userExists, MARCUS)
        .given(STATES.userSuspended, { admin: ADMIN.email, user: MARCUS.email, days: 7 })
        .uponReceiving('an admin’s request for the newest moderation actions')
        .withRequest('GET', '/api/admin/actions', (b) =>
          b.headers(WITH_SESSION).query({ limit: '10', offset: '0' }),
        )
        .willRespondWith(200, (b) =>
          b.headers({ ...JSON_CONTENT, ...TOTAL_COUNT }).jsonBody(
            eachLike({
              id: uuid(EXAMPLE_IDS.bidId),
              admin: {
                id: uuid(EXAMPLE_IDS.userId),
                name: like('Ada Example'),
                email: like('admin@example.com'),
              },
              user: {
                id: uuid(EXAMPLE_IDS.otherUserId),
                name: like('Marcus Example'),
                email: like('marcus@example.com'),
              },
              action: equal('user_suspended'),
              reason: like('Asked to be paid in cash.'),
              endsAt: iso8601DateTimeWithMillis('2026-12-04T04:59:59.999Z'),
              reportId: null,
              createdAt: iso8601DateTimeWithMillis('2026-11-26T15:04:05.000Z'),
            }),
          ),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const page = await listAdminActions(10, 0);
          expect(page.total).toBe(1);
          expect(page.items[0]).toMatchObject({ action: 'user_suspended' });
        });
    });

    it('refuses a non-admin the moderation log: 403', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a client’s request for the admin actions log')
        .withRequest('GET', '/api/admin/actions', (b) =>
          b.headers(WITH_SESSION).query({ limit: '10', offset: '0' }),
        )
        .willRespondWith(403, (b) => b.headers(JSON_CONTENT).jsonBody(ADMIN_ONLY))
        .executeTest(async (mock) => {
          browseTo(mock.url);
          expect(hasStatus(await listAdminActions(10, 0).catch((e: unknown) => e), 403)).toBe(true);
        });
    });
  });

  describe('the moderation queue (decision 0221)', () => {
    const OWNER = { email: 'ann@example.com', role: 'client', firstName: 'Ann' };
    const REPORTER = { email: 'marcus@example.com', role: 'contractor', firstName: 'Marcus' };
    const OTHER_ADMIN = { email: 'max@example.com', role: 'admin', firstName: 'Max' };
    const { path: itemPath } = statePath('projectId', (id) => `/api/admin/moderation/items/project/${id}`);
    const { path: claimPath } = statePath(
      'projectId',
      (id) => `/api/admin/moderation/items/project/${id}/claim`,
    );
    const { path: decisionPath } = statePath(
      'projectId',
      (id) => `/api/admin/moderation/items/project/${id}/decision`,
    );
    const person = (name: string, email: string) => ({
      id: uuid(EXAMPLE_IDS.userId),
      name: like(name),
      email: like(email),
    });
    const QUEUED = {
      targetType: equal('project'),
      targetId: stateId('projectId'),
      openReports: integer(1),
      reporters: integer(1),
      reasons: eachLike({ reason: equal('scam'), count: integer(1) }),
      firstReportedAt: iso8601DateTimeWithMillis('2027-03-25T10:00:00.000Z'),
      lastReportedAt: iso8601DateTimeWithMillis('2027-03-25T10:00:00.000Z'),
      claim: null,
      summary: like('Re-roof a two-storey house'),
      author: person('Ann Tester', 'ann@example.com'),
      projectId: stateId('projectId'),
      projectTitle: like('Re-roof a two-storey house'),
      hidden: equal(false),
    };
    /** A project of Ann's that Marcus reported as a scam. */
    const reported = (interaction: ReturnType<typeof pact.addInteraction>, claimedBy?: string) =>
      interaction
        .given(STATES.userExists, OWNER)
        .given(STATES.userExists, REPORTER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.reportFiled, {
          reporter: REPORTER.email,
          targetType: 'project',
          target: 'projectId',
          ...(claimedBy ? { claimedBy } : {}),
        });

    it('lists the items with open reports, with the total: 200', async () => {
      await reported(pact.addInteraction().given(STATES.signedInUser, ADMIN))
        .uponReceiving('an admin’s request for the moderation queue')
        .withRequest('GET', '/api/admin/moderation/queue', (b) =>
          b.headers(WITH_SESSION).query({ limit: '20', offset: '0' }),
        )
        .willRespondWith(200, (b) =>
          b.headers({ ...JSON_CONTENT, ...TOTAL_COUNT }).jsonBody(eachLike(QUEUED)),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const page = await listModerationQueue(20, 0);
          expect(page.total).toBe(1);
          expect(page.items[0]).toMatchObject({ targetType: 'project', reporters: 1 });
        });
    });

    it('refuses the queue to a non-admin: 403', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a client’s request for the moderation queue')
        .withRequest('GET', '/api/admin/moderation/queue', (b) =>
          b.headers(WITH_SESSION).query({ limit: '20', offset: '0' }),
        )
        .willRespondWith(403, (b) => b.headers(JSON_CONTENT).jsonBody(ADMIN_ONLY))
        .executeTest(async (mock) => {
          browseTo(mock.url);
          expect(hasStatus(await listModerationQueue(20, 0).catch((e: unknown) => e), 403)).toBe(true);
        });
    });

    it('shows one item with its reports and content: 200', async () => {
      await reported(pact.addInteraction().given(STATES.signedInUser, ADMIN))
        .uponReceiving('an admin’s request for a reported project with its reports')
        .withRequest('GET', itemPath, (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            ...QUEUED,
            reports: eachLike({
              id: uuid(EXAMPLE_IDS.bidId),
              reporter: person('Marcus Tester', 'marcus@example.com'),
              reason: equal('scam'),
              details: null,
              createdAt: iso8601DateTimeWithMillis('2027-03-25T10:00:00.000Z'),
            }),
            content: like('A two-storey house in Nassau needs a new roof.'),
            conversation: null,
          }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const item = await getModerationItem('project', EXAMPLE_IDS.projectId);
          expect(item.reports).toHaveLength(1);
        });
    });

    it('answers 404 for an item without open reports', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, ADMIN)
        .uponReceiving('an admin’s request for an item nobody reported')
        .withRequest('GET', `/api/admin/moderation/items/project/${UNKNOWN_ID}`, (b) =>
          b.headers(WITH_SESSION),
        )
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('NO_OPEN_REPORTS', 'This item has no open reports')),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          expect(
            hasStatus(await getModerationItem('project', UNKNOWN_ID).catch((e: unknown) => e), 404),
          ).toBe(true);
        });
    });

    it('claims an item: 204', async () => {
      await reported(pact.addInteraction().given(STATES.signedInUser, ADMIN))
        .uponReceiving('an admin claiming a reported project')
        .withRequest('PUT', claimPath, (b) => b.headers(WITH_SESSION))
        .willRespondWith(204)
        .executeTest(async (mock) => {
          browseTo(mock.url);
          await expect(claimItem('project', EXAMPLE_IDS.projectId)).resolves.toBeUndefined();
        });
    });

    it("refuses claiming another admin's item: 409 CLAIMED_BY_ANOTHER_ADMIN", async () => {
      await reported(
        pact.addInteraction().given(STATES.signedInUser, ADMIN).given(STATES.userExists, OTHER_ADMIN),
        OTHER_ADMIN.email,
      )
        .uponReceiving('an admin claiming a project another admin claimed')
        .withRequest('PUT', claimPath, (b) => b.headers(WITH_SESSION))
        .willRespondWith(409, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            message: like('Max Tester claimed this item. Only they can act on it until they release it.'),
            code: 'CLAIMED_BY_ANOTHER_ADMIN',
          }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          expect(
            hasStatus(await claimItem('project', EXAMPLE_IDS.projectId).catch((e: unknown) => e), 409),
          ).toBe(true);
        });
    });

    it('releases my claim: 204', async () => {
      await reported(pact.addInteraction().given(STATES.signedInUser, ADMIN), ADMIN.email)
        .uponReceiving('an admin releasing their claim on a reported project')
        .withRequest('DELETE', claimPath, (b) => b.headers(WITH_SESSION))
        .willRespondWith(204)
        .executeTest(async (mock) => {
          browseTo(mock.url);
          await expect(releaseItem('project', EXAMPLE_IDS.projectId)).resolves.toBeUndefined();
        });
    });

    it("refuses releasing another admin's claim: 409", async () => {
      await reported(
        pact.addInteraction().given(STATES.signedInUser, ADMIN).given(STATES.userExists, OTHER_ADMIN),
        OTHER_ADMIN.email,
      )
        .uponReceiving('an admin releasing the claim another admin holds')
        .withRequest('DELETE', claimPath, (b) => b.headers(WITH_SESSION))
        .willRespondWith(409, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody({ message: like('Max Tester claimed this item.'), code: 'CLAIMED_BY_ANOTHER_ADMIN' }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          expect(
            hasStatus(await releaseItem('project', EXAMPLE_IDS.projectId).catch((e: unknown) => e), 409),
          ).toBe(true);
        });
    });

    it('hides a reported project: 200 with the outcome and the reports it closed', async () => {
      await reported(pact.addInteraction().given(STATES.signedInUser, ADMIN), ADMIN.email)
        .uponReceiving('an admin hiding a project reported as a scam')
        .withRequest('POST', decisionPath, (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ action: 'hide', reason: 'scam', note: null }),
        )
        .willRespondWith(200, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody({ outcome: equal('hidden'), closedReportIds: eachLike(uuid(EXAMPLE_IDS.bidId)) }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const done = await decideItem('project', EXAMPLE_IDS.projectId, {
            action: 'hide',
            reason: 'scam',
            note: null,
          });
          expect(done.outcome).toBe('hidden');
        });
    });

    it("refuses a decision on another admin's item: 409", async () => {
      await reported(
        pact.addInteraction().given(STATES.signedInUser, ADMIN).given(STATES.userExists, OTHER_ADMIN),
        OTHER_ADMIN.email,
      )
        .uponReceiving('an admin dismissing reports on a project another admin claimed')
        .withRequest('POST', decisionPath, (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ action: 'dismiss' }),
        )
        .willRespondWith(409, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody({ message: like('Max Tester claimed this item.'), code: 'CLAIMED_BY_ANOTHER_ADMIN' }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const failure = await decideItem('project', EXAMPLE_IDS.projectId, { action: 'dismiss' }).catch(
            (e: unknown) => e,
          );
          expect(hasStatus(failure, 409)).toBe(true);
        });
    });

    it('lists the moderation log, newest first, with the total: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, ADMIN)
        .uponReceiving('an admin’s request for the moderation log (none yet)')
        .withRequest('GET', '/api/admin/moderation/actions', (b) =>
          b.headers(WITH_SESSION).query({ limit: '10', offset: '0' }),
        )
        .willRespondWith(200, (b) =>
          b.headers({ ...JSON_CONTENT, 'X-Total-Count': regex('\\d+', '0') }).jsonBody([]),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          expect(await listModerationActions(10, 0)).toEqual({ items: [], total: 0 });
        });
    });

    it('refuses the log to a non-admin: 403', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a client’s request for the moderation log')
        .withRequest('GET', '/api/admin/moderation/actions', (b) =>
          b.headers(WITH_SESSION).query({ limit: '10', offset: '0' }),
        )
        .willRespondWith(403, (b) => b.headers(JSON_CONTENT).jsonBody(ADMIN_ONLY))
        .executeTest(async (mock) => {
          browseTo(mock.url);
          expect(hasStatus(await listModerationActions(10, 0).catch((e: unknown) => e), 403)).toBe(true);
        });
    });
  });

  itKeepsTheCommittedPact(contract);
});
