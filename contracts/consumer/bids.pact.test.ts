// @vitest-environment jsdom
/**
 * Consumer side of the bids remote's contract: the bid dialog (submit, edit, the quota in the stats),
 * Received Bids with accept and decline, and My Bids, through the bid screens' own functions on their
 * typed client, against the Pact mock server.
 */
import { describe, expect, it, vi } from 'vitest';

// Before Pact loads: no telemetry from tests.
vi.hoisted(() => {
  process.env.PACT_DO_NOT_TRACK = 'true';
});

import { hasStatus } from '@buildbid/api-client';
import { MatchersV3 } from '@pact-foundation/pact';
import {
  editBid,
  getMyStats,
  listMyBids,
  listProjectBids,
  setBidStatus,
  submitBid,
} from '../../apps/bids/src/api.ts';
import { bidBody, myBidBody, projectBidBody, userStatsBody } from '../support/bodies.ts';
import {
  consumerContract,
  EXAMPLE_IDS,
  errorBody,
  IDEMPOTENCY_KEY,
  itKeepsTheCommittedPact,
  JSON_CONTENT,
  JSON_WITH_SESSION,
  NOT_SIGNED_IN,
  statePath,
  UNKNOWN_ID,
  WITH_SESSION,
} from '../support/consumer.ts';
import { CONSUMERS, STATES } from '../support/contract.ts';

const { equal, eachLike, uuid } = MatchersV3;

const CONSUMER = CONSUMERS.bids;
const OWNER = { email: 'ann@example.com', role: 'client' };
const CONTRACTOR = {
  email: 'marcus@example.com',
  role: 'contractor',
  firstName: 'Marcus',
  lastName: 'Rolle',
};
const PROPOSAL = 'Licensed crew of four; we can finish the roof in six weeks.';
const BID = { amount: 18500, timeline: 45, proposal: PROPOSAL };
const A_PENDING_BID = { contractor: CONTRACTOR.email, proposal: PROPOSAL };

describe(`${CONSUMER} → buildbid-api`, () => {
  const contract = consumerContract(CONSUMER);
  const { pact } = contract;
  const signedIn = (url: string) => contract.browseTo(url, { signedIn: true });
  const signedOut = (url: string) => contract.browseTo(url);

  describe('the bid dialog', () => {
    it('submits a bid: 201', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/bids`);
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a bid on a project, with an Idempotency-Key')
        .withRequest('POST', path, (b) =>
          b.headers({ ...JSON_WITH_SESSION, 'Idempotency-Key': IDEMPOTENCY_KEY }).jsonBody(BID),
        )
        .willRespondWith(201, (b) => b.headers(JSON_CONTENT).jsonBody({ id: uuid(EXAMPLE_IDS.bidId) }))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await expect(submitBid(EXAMPLE_IDS.projectId, BID, crypto.randomUUID())).resolves.toBeUndefined();
        });
    });

    it('refuses a second bid on the same project: 409 with the message the dialog shows', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/bids`);
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, CONTRACTOR)
        .given(STATES.bidExists, A_PENDING_BID)
        .uponReceiving('a second bid on the same project')
        .withRequest('POST', path, (b) => b.headers(JSON_WITH_SESSION).jsonBody(BID))
        .willRespondWith(409, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(errorBody('BID_ALREADY_EXISTS', 'You have already bid on this project')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await submitBid(EXAMPLE_IDS.projectId, BID).catch((e: unknown) => e);
          expect(hasStatus(failure, 409)).toBe(true);
          expect(failure).toHaveProperty('fromServer', true);
        });
    });

    it('edits my pending bid: 200 with the bid', async () => {
      const { path } = statePath('bidId', (id) => `/api/bids/${id}`);
      const changed = { amount: 17900, timeline: 40, proposal: `${PROPOSAL} Materials included.` };
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, CONTRACTOR)
        .given(STATES.bidExists, A_PENDING_BID)
        .uponReceiving('an edit of my pending bid')
        .withRequest('PATCH', path, (b) => b.headers(JSON_WITH_SESSION).jsonBody(changed))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(bidBody({ proposal: equal(changed.proposal) })),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await expect(editBid(EXAMPLE_IDS.bidId, changed)).resolves.toBeUndefined();
        });
    });

    it('refuses to edit someone else’s bid: 403', async () => {
      const { path } = statePath('bidId', (id) => `/api/bids/${id}`);
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.userExists, CONTRACTOR)
        .given(STATES.bidExists, A_PENDING_BID)
        .given(STATES.signedInUser, { email: 'vic@example.com', role: 'contractor', firstName: 'Vic' })
        .uponReceiving('an edit of someone else’s bid')
        .withRequest('PATCH', path, (b) => b.headers(JSON_WITH_SESSION).jsonBody(BID))
        .willRespondWith(403, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('NOT_BID_OWNER', 'Only the bidder can edit this bid')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(hasStatus(await editBid(EXAMPLE_IDS.bidId, BID).catch((e: unknown) => e), 403)).toBe(true);
        });
    });

    it('reads my stats with the bid quota: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a request for my stats from the bid dialog')
        .withRequest('GET', '/api/users/me/stats', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(userStatsBody()))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect((await getMyStats()).bidQuota.limitReached).toBe(false);
        });
    });

    it('refuses the stats without a session: 401', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a request for stats from the bid dialog without a session')
        .withRequest('GET', '/api/users/me/stats')
        .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
        .executeTest(async (mock) => {
          signedOut(mock.url);
          expect(hasStatus(await getMyStats().catch((e: unknown) => e), 401)).toBe(true);
        });
    });
  });

  describe('Received Bids', () => {
    it('lists a project’s bids with their contractors for the owner: 200', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/bids`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.userExists, CONTRACTOR)
        .given(STATES.bidExists, A_PENDING_BID)
        .uponReceiving('the owner’s request for the bids on a project')
        .withRequest('GET', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(eachLike(projectBidBody({ proposal: equal(PROPOSAL) }))),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const [bid] = await listProjectBids(EXAMPLE_IDS.projectId);
          expect(bid?.proposal).toBe(PROPOSAL);
          expect(bid?.contractor.firstName).toBe('Marcus');
        });
    });

    it('answers 404 for a project that is not there', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .uponReceiving('a request for the bids on an unknown project')
        .withRequest('GET', `/api/projects/${UNKNOWN_ID}/bids`, (b) => b.headers(WITH_SESSION))
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('PROJECT_NOT_FOUND', 'Project not found')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(hasStatus(await listProjectBids(UNKNOWN_ID).catch((e: unknown) => e), 404)).toBe(true);
        });
    });

    it('accepts a bid: 200 with the accepted bid', async () => {
      const { path } = statePath('bidId', (id) => `/api/bids/${id}/status`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.userExists, CONTRACTOR)
        .given(STATES.bidExists, A_PENDING_BID)
        .uponReceiving('the owner accepting a bid')
        .withRequest('PATCH', path, (b) => b.headers(JSON_WITH_SESSION).jsonBody({ status: 'accepted' }))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(bidBody({ status: equal('accepted') })))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await expect(setBidStatus(EXAMPLE_IDS.bidId, 'accepted')).resolves.toBeUndefined();
        });
    });

    it('refuses to decide a bid that is decided: 409', async () => {
      const { path } = statePath('bidId', (id) => `/api/bids/${id}/status`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.userExists, CONTRACTOR)
        .given(STATES.bidExists, { ...A_PENDING_BID, status: 'rejected', owner: OWNER.email })
        .uponReceiving('the owner declining a bid that was declined already')
        .withRequest('PATCH', path, (b) => b.headers(JSON_WITH_SESSION).jsonBody({ status: 'rejected' }))
        .willRespondWith(409, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('BID_NOT_PENDING', 'This bid has already been decided')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(
            hasStatus(await setBidStatus(EXAMPLE_IDS.bidId, 'rejected').catch((e: unknown) => e), 409),
          ).toBe(true);
        });
    });
  });

  describe('My Bids (GET /api/users/me/bids)', () => {
    it('lists my bids with their projects and owners: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, CONTRACTOR)
        .given(STATES.bidExists, A_PENDING_BID)
        .uponReceiving('a request for my bids')
        .withRequest('GET', '/api/users/me/bids', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(eachLike(myBidBody({ proposal: equal(PROPOSAL) }))),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const [bid] = await listMyBids();
          expect(bid?.proposal).toBe(PROPOSAL);
          expect(bid?.project.title).toBe('Re-roof a two-storey house');
        });
    });

    it('refuses without a session: 401', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a request for my bids without a session')
        .withRequest('GET', '/api/users/me/bids')
        .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
        .executeTest(async (mock) => {
          signedOut(mock.url);
          expect(hasStatus(await listMyBids().catch((e: unknown) => e), 401)).toBe(true);
        });
    });
  });

  itKeepsTheCommittedPact(contract);
});
