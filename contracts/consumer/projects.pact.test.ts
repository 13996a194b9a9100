// @vitest-environment jsdom
/**
 * Consumer side of the projects remote's contract: browse, My Projects, the detail page, the post and
 * edit forms (multipart) and delete, through the remote's own functions on its typed client, against the
 * Pact mock server. Multipart bodies get a fixed boundary (support/consumer.ts) so the pact is stable.
 */
import { describe, expect, it, vi } from 'vitest';

// Before Pact loads: no telemetry from tests.
vi.hoisted(() => {
  process.env.PACT_DO_NOT_TRACK = 'true';
});

import { hasStatus } from '@buildbid/api-client';
import { sampleProjectData } from '@buildbid/test-kit/samples';
import { MatchersV3 } from '@pact-foundation/pact';
import {
  answerQuestion,
  askQuestion,
  changeBidDeadline,
  createProject,
  createSavedSearch,
  deleteProject,
  deleteSavedSearch,
  fileReport,
  getProject,
  hideQuestion,
  listAddenda,
  listMyBidStatuses,
  listMyProjects,
  listProjects,
  listQuestions,
  listSavedProjects,
  listSavedSearches,
  moveProjectPhase,
  postAddendum,
  postClarification,
  reportedIds,
  reviewContractor,
  saveProject,
  unsaveProject,
  updateProject,
  updateSavedSearch,
} from '../../apps/projects/src/api.ts';
import { projectBody, projectSummaryBody } from '../support/bodies.ts';
import {
  consumerContract,
  EXAMPLE_IDS,
  errorBody,
  IDEMPOTENCY_KEY,
  itKeepsTheCommittedPact,
  JSON_CONTENT,
  JSON_WITH_SESSION,
  multipartOf,
  NOT_SIGNED_IN,
  stateId,
  statePath,
  UNKNOWN_ID,
  WITH_SESSION,
  withMultipartBody,
} from '../support/consumer.ts';
import { CONSUMERS, STATES } from '../support/contract.ts';

const { equal, eachLike, regex, uuid, like, integer, iso8601DateTimeWithMillis } = MatchersV3;

const CONSUMER = CONSUMERS.projects;
const OWNER = { email: 'ann@example.com', role: 'client' };
const OTHER_CLIENT = { email: 'bea@example.com', role: 'client', firstName: 'Bea' };
const CONTRACTOR = { email: 'marcus@example.com', role: 'contractor', firstName: 'Marcus' };
const ADMIN = { email: 'ada@example.com', role: 'admin', firstName: 'Ada' };
const QUESTION_ID = '7b1f0a52-6a7e-4a52-9d0c-3f6f3b1c2d4e';
const TOTAL_COUNT = { 'X-Total-Count': regex('\\d+', '1') };

/** The post form's projectData, as toProjectData builds it. */
const PROJECT_DATA = sampleProjectData({ category: 'Residential' });

/** The edit form's projectData (editPayload), keeping no attachments. */
const EDIT_DATA = {
  title: 'Re-roof and insulate a two-storey house',
  description: 'Replace the shingle roof with standing-seam metal, hurricane-rated.',
  category: 'Construction',
  projectType: 'general_contractor',
  country: 'BS',
  deadline: null,
  budgetMin: 16000,
  budgetMax: 26000,
  phases: ['envelope_roofing'],
  services: ['roofing'],
  servicePhases: ['building_envelope'],
  tags: ['roofing'],
  attachments: [],
};

/** The multipart body the forms send: projectData, then the files (none here). */
async function formBody(projectData: unknown) {
  const form = new FormData();
  form.append('projectData', JSON.stringify(projectData));
  return multipartOf(form);
}

describe(`${CONSUMER} → buildbid-api`, () => {
  const contract = consumerContract(CONSUMER);
  const { pact } = contract;
  const signedIn = (url: string) => contract.browseTo(url, { signedIn: true });
  const signedOut = (url: string) => contract.browseTo(url);

  describe('browse (GET /api/projects)', () => {
    it('lists matching projects with the total and the next page’s cursor: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a search for open projects in a country')
        .withRequest('GET', '/api/projects', (b) =>
          b.headers(WITH_SESSION).query({ country: 'BS', q: 'roof', status: 'active', limit: '20' }),
        )
        .willRespondWith(200, (b) =>
          b.headers({ ...JSON_CONTENT, ...TOTAL_COUNT }).jsonBody(eachLike(projectSummaryBody())),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const page = await listProjects({ country: 'BS', q: 'roof', status: 'active', limit: 20 });
          expect(page.total).toBe(1);
          expect(page.nextCursor).toBeNull();
          expect(page.projects[0]?.title).toBe('Re-roof a two-storey house');
        });
    });

    it("answers a search that finds nothing with 'Did you mean' in X-Did-You-Mean: 200 (decision 0214)", async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a misspelt search that finds nothing')
        .withRequest('GET', '/api/projects', (b) =>
          b.headers(WITH_SESSION).query({ country: 'BS', q: 'rof' }),
        )
        .willRespondWith(200, (b) =>
          b.headers({ ...JSON_CONTENT, 'X-Total-Count': '0', 'X-Did-You-Mean': 'roof' }).jsonBody([]),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const page = await listProjects({ country: 'BS', q: 'rof' });
          expect(page.total).toBe(0);
          expect(page.projects).toEqual([]);
          expect(page.suggestion).toBe('roof');
        });
    });

    it('refuses without a session: 401', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a project search without a session')
        .withRequest('GET', '/api/projects', (b) => b.query({ country: '' }))
        .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
        .executeTest(async (mock) => {
          signedOut(mock.url);
          expect(hasStatus(await listProjects({}).catch((e: unknown) => e), 401)).toBe(true);
        });
    });
  });

  describe('My Projects (GET /api/users/me/projects)', () => {
    it('lists the owner’s projects: 200 with the total', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .uponReceiving('a request for my projects, a page of 20')
        .withRequest('GET', '/api/users/me/projects', (b) => b.headers(WITH_SESSION).query({ limit: '20' }))
        .willRespondWith(200, (b) =>
          b.headers({ ...JSON_CONTENT, ...TOTAL_COUNT }).jsonBody(eachLike(projectSummaryBody())),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect((await listMyProjects(20)).total).toBe(1);
        });
    });

    it('refuses without a session: 401', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a request for my projects, a page of 20, without a session')
        .withRequest('GET', '/api/users/me/projects', (b) => b.query({ limit: '20' }))
        .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
        .executeTest(async (mock) => {
          signedOut(mock.url);
          expect(hasStatus(await listMyProjects(20).catch((e: unknown) => e), 401)).toBe(true);
        });
    });
  });

  describe('the detail page (GET /api/projects/{id})', () => {
    it('answers the project with whether it takes bids: 200', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}`);
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a request for a project that takes bids')
        .withRequest('GET', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(projectBody({ takingBids: equal(true), myBid: null })),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const project = await getProject(EXAMPLE_IDS.projectId);
          expect(project?.takingBids).toBe(true);
        });
    });

    it('moves the awarded work on for its owner: 200 with the project in its new phase (decision 0183)', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/phase`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.userExists, CONTRACTOR)
        .given(STATES.bidExists, { contractor: CONTRACTOR.email, owner: OWNER.email, status: 'accepted' })
        .uponReceiving('the owner starting the work on an awarded project')
        .withRequest('POST', path, (b) => b.headers(JSON_WITH_SESSION).jsonBody({ phase: 'in_progress' }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(
            projectBody({
              currentPhase: equal('in_progress'),
              takingBids: equal(false),
              acceptedBidId: uuid(EXAMPLE_IDS.bidId),
              awardedContractorId: uuid(EXAMPLE_IDS.otherUserId),
              averageBid: like('18500.00'),
            }),
          ),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect((await moveProjectPhase(EXAMPLE_IDS.projectId, 'in_progress')).currentPhase).toBe(
            'in_progress',
          );
        });
    });

    it('refuses a skipped step: 409 with the message the page shows', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/phase`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.userExists, CONTRACTOR)
        .given(STATES.bidExists, { contractor: CONTRACTOR.email, owner: OWNER.email, status: 'accepted' })
        .uponReceiving('the owner completing an awarded project that has not started')
        .withRequest('POST', path, (b) => b.headers(JSON_WITH_SESSION).jsonBody({ phase: 'completed' }))
        .willRespondWith(409, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(
              errorBody('INVALID_PHASE_TRANSITION', 'A project cannot move from Awarded to Completed'),
            ),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await moveProjectPhase(EXAMPLE_IDS.projectId, 'completed').catch((e: unknown) => e);
          expect(hasStatus(failure, 409)).toBe(true);
        });
    });

    it("reviews the contractor of the owner's completed project: 201 (decision 0183)", async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/reviews`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.userExists, CONTRACTOR)
        .given(STATES.bidExists, {
          contractor: CONTRACTOR.email,
          owner: OWNER.email,
          status: 'accepted',
          phase: 'completed',
        })
        .uponReceiving('the owner reviewing the contractor of a completed project')
        .withRequest('POST', path, (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ rating: 4, comment: 'Tidy work, on time.' }),
        )
        .willRespondWith(201, (b) =>
          b.headers(JSON_CONTENT).jsonBody({ rating: equal(4), comment: equal('Tidy work, on time.') }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await expect(
            reviewContractor(EXAMPLE_IDS.projectId, 4, 'Tidy work, on time.'),
          ).resolves.toBeUndefined();
        });
    });

    it('refuses a second review: 409 with the message the dialog shows', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/reviews`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.userExists, CONTRACTOR)
        .given(STATES.bidExists, { contractor: CONTRACTOR.email, owner: OWNER.email, status: 'accepted' })
        .uponReceiving('the owner reviewing before the project is completed')
        .withRequest('POST', path, (b) => b.headers(JSON_WITH_SESSION).jsonBody({ rating: 5, comment: null }))
        .willRespondWith(409, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            code: equal('PROJECT_NOT_COMPLETED'),
            message: like('Only a completed project can be reviewed'),
          }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await reviewContractor(EXAMPLE_IDS.projectId, 5, null).catch((e: unknown) => e);
          expect(hasStatus(failure, 409)).toBe(true);
        });
    });

    it('answers 404 for a project that is not there, which the page shows as not found', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a request for an unknown project')
        .withRequest('GET', `/api/projects/${UNKNOWN_ID}`, (b) => b.headers(WITH_SESSION))
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('PROJECT_NOT_FOUND', 'Project not found')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(await getProject(UNKNOWN_ID)).toBeNull();
        });
    });

    it('answers 400 for an id that cannot be one (/projects/abc), which the page shows as not found', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a request for a project by a malformed id')
        .withRequest('GET', '/api/projects/abc', (b) => b.headers(WITH_SESSION))
        .willRespondWith(400, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('VALIDATION_FAILED', 'Id must be a valid id')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(await getProject('abc')).toBeNull();
        });
    });
  });

  describe('post a project (POST /api/projects, multipart)', () => {
    it('creates it: 201 with its id', async () => {
      const body = await formBody(PROJECT_DATA);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .uponReceiving('a new project from the post form, with an Idempotency-Key')
        .withRequest('POST', '/api/projects', (b) => {
          b.headers({ ...WITH_SESSION, 'Idempotency-Key': IDEMPOTENCY_KEY });
          withMultipartBody(b, body);
        })
        .willRespondWith(201, (b) => b.headers(JSON_CONTENT).jsonBody({ id: uuid(EXAMPLE_IDS.projectId) }))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(
            await createProject(PROJECT_DATA as never, [], { idempotencyKey: crypto.randomUUID() }),
          ).toBe(EXAMPLE_IDS.projectId);
        });
    });

    it('refuses a contractor: 403 with the message the form shows', async () => {
      const body = await formBody(PROJECT_DATA);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a new project from a contractor')
        .withRequest('POST', '/api/projects', (b) => {
          b.headers(WITH_SESSION);
          withMultipartBody(b, body);
        })
        .willRespondWith(403, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('CLIENTS_ONLY', 'Only clients can post projects')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await createProject(PROJECT_DATA as never, []).catch((e: unknown) => e);
          expect(hasStatus(failure, 403)).toBe(true);
          expect(failure).toHaveProperty('fromServer', true);
        });
    });
  });

  describe('edit a project (PATCH /api/projects/{id}, multipart)', () => {
    it('saves the owner’s changes: 200', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}`);
      const body = await formBody(EDIT_DATA);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .uponReceiving('an edit of my project')
        .withRequest('PATCH', path, (b) => {
          b.headers(WITH_SESSION);
          withMultipartBody(b, body);
        })
        .willRespondWith(200, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(projectSummaryBody({ title: equal(EDIT_DATA.title), deadline: null })),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await expect(updateProject(EXAMPLE_IDS.projectId, EDIT_DATA as never, [])).resolves.toBeUndefined();
        });
    });

    it('refuses someone else’s project: 403', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}`);
      const body = await formBody(EDIT_DATA);
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, OTHER_CLIENT)
        .uponReceiving('an edit of someone else’s project')
        .withRequest('PATCH', path, (b) => {
          b.headers(WITH_SESSION);
          withMultipartBody(b, body);
        })
        .willRespondWith(403, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(errorBody('NOT_PROJECT_OWNER', 'Only the owner can edit this project')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await updateProject(EXAMPLE_IDS.projectId, EDIT_DATA as never, []).catch(
            (e: unknown) => e,
          );
          expect(hasStatus(failure, 403)).toBe(true);
        });
    });
  });

  describe('saved projects (decision 0120)', () => {
    it('saves a project: 200 with the save state and count', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/save`);
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a contractor saving a project')
        .withRequest('PUT', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({ saved: equal(true), saveCount: integer(1) }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(await saveProject(EXAMPLE_IDS.projectId)).toEqual({ saved: true, saveCount: 1 });
        });
    });

    it('refuses the owner saving their own project: 403', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/save`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .uponReceiving('the owner saving their own project')
        .withRequest('PUT', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(403, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('OWN_PROJECT_SAVE', 'You cannot save your own project')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(hasStatus(await saveProject(EXAMPLE_IDS.projectId).catch((e: unknown) => e), 403)).toBe(
            true,
          );
        });
    });

    it('unsaves a project: 200 with the save state and count', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/save`);
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a contractor unsaving a project')
        .withRequest('DELETE', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({ saved: equal(false), saveCount: integer(0) }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(await unsaveProject(EXAMPLE_IDS.projectId)).toEqual({ saved: false, saveCount: 0 });
        });
    });

    it('answers 404 when unsaving a project that is not there', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('unsaving an unknown project')
        .withRequest('DELETE', `/api/projects/${UNKNOWN_ID}/save`, (b) => b.headers(WITH_SESSION))
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('PROJECT_NOT_FOUND', 'Project not found')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(hasStatus(await unsaveProject(UNKNOWN_ID).catch((e: unknown) => e), 404)).toBe(true);
        });
    });

    it('lists my saved projects: 200 (none yet)', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a request for my saved projects')
        .withRequest('GET', '/api/users/me/saved-projects', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody([]))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(await listSavedProjects()).toEqual([]);
        });
    });

    it("answers the contractor's own bids on the cards in view: 200 (decision 0183)", async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, CONTRACTOR)
        .given(STATES.bidExists, { contractor: CONTRACTOR.email })
        .uponReceiving("a request for my bids' statuses on the projects in view")
        .withRequest('GET', '/api/users/me/bid-statuses', (b) =>
          b.headers(WITH_SESSION).query({ projectId: [stateId('projectId'), UNKNOWN_ID] }),
        )
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody([
            {
              projectId: stateId('projectId'),
              bidId: uuid(EXAMPLE_IDS.bidId),
              status: equal('pending'),
            },
          ]),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(await listMyBidStatuses([EXAMPLE_IDS.projectId, UNKNOWN_ID])).toEqual([
            { projectId: EXAMPLE_IDS.projectId, bidId: EXAMPLE_IDS.bidId, status: 'pending' },
          ]);
        });
    });

    it("refuses my bids' statuses without a session: 401", async () => {
      await pact
        .addInteraction()
        .uponReceiving("a request for my bids' statuses without a session")
        .withRequest('GET', '/api/users/me/bid-statuses', (b) => b.query({ projectId: UNKNOWN_ID }))
        .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
        .executeTest(async (mock) => {
          signedOut(mock.url);
          expect(hasStatus(await listMyBidStatuses([UNKNOWN_ID]).catch((e: unknown) => e), 401)).toBe(true);
        });
    });

    it('refuses the saved projects without a session: 401', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a request for my saved projects without a session')
        .withRequest('GET', '/api/users/me/saved-projects')
        .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
        .executeTest(async (mock) => {
          signedOut(mock.url);
          expect(hasStatus(await listSavedProjects().catch((e: unknown) => e), 401)).toBe(true);
        });
    });
  });

  describe('saved searches (decision 0133)', () => {
    const savedSearchBody = (overrides: Record<string, unknown> = {}) => ({
      id: uuid(EXAMPLE_IDS.savedSearchId),
      name: like('Roofs in the Bahamas'),
      filters: { q: like('roof'), country: like('BS'), category: null, budget: null },
      alerts: like('instant'),
      createdAt: iso8601DateTimeWithMillis('2026-11-24T10:00:00.000Z'),
      updatedAt: iso8601DateTimeWithMillis('2026-11-24T10:00:00.000Z'),
      ...overrides,
    });

    it('saves the current search: 201 with the saved search', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a contractor saving a search')
        .withRequest('POST', '/api/saved-searches', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({
            name: 'Roofs in the Bahamas',
            filters: { q: 'roof', country: 'BS', category: null, budget: null },
            alerts: 'daily',
          }),
        )
        .willRespondWith(201, (b) =>
          b.headers(JSON_CONTENT).jsonBody(savedSearchBody({ alerts: equal('daily') })),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const saved = await createSavedSearch(
            'Roofs in the Bahamas',
            { q: 'roof', country: 'BS', category: null, budget: null },
            'daily',
          );
          expect(saved).toMatchObject({ name: 'Roofs in the Bahamas', alerts: 'daily' });
        });
    });

    it('refuses a name the user already uses: 409', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .given(STATES.savedSearchExists, { user: CONTRACTOR.email, name: 'Roofs in the Bahamas' })
        .uponReceiving('a contractor saving a search under a name they use already')
        .withRequest('POST', '/api/saved-searches', (b) =>
          b
            .headers(JSON_WITH_SESSION)
            .jsonBody({ name: 'roofs in the bahamas', filters: {}, alerts: 'instant' }),
        )
        .willRespondWith(409, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            ...errorBody(
              'SAVED_SEARCH_NAME_TAKEN',
              "You already have a saved search named 'roofs in the bahamas'",
            ),
            field: 'name',
          }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await createSavedSearch('roofs in the bahamas', {}, 'instant').catch(
            (e: unknown) => e,
          );
          expect(hasStatus(failure, 409)).toBe(true);
        });
    });

    it('lists my saved searches: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .given(STATES.savedSearchExists, { user: CONTRACTOR.email })
        .uponReceiving('a request for my saved searches')
        .withRequest('GET', '/api/saved-searches', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(eachLike(savedSearchBody())))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(await listSavedSearches()).toMatchObject([{ name: 'Roofs in the Bahamas' }]);
        });
    });

    it('refuses the saved searches without a session: 401', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a request for my saved searches without a session')
        .withRequest('GET', '/api/saved-searches')
        .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
        .executeTest(async (mock) => {
          signedOut(mock.url);
          expect(hasStatus(await listSavedSearches().catch((e: unknown) => e), 401)).toBe(true);
        });
    });

    it('turns the alerts of a saved search off: 200', async () => {
      const { path, example } = statePath('savedSearchId', (id) => `/api/saved-searches/${id}`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .given(STATES.savedSearchExists, { user: CONTRACTOR.email })
        .uponReceiving('a contractor turning the alerts of a saved search off')
        .withRequest('PATCH', path, (b) => b.headers(JSON_WITH_SESSION).jsonBody({ alerts: 'off' }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(savedSearchBody({ alerts: equal('off') })),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const id = example.split('/').at(-1) as string;
          expect(await updateSavedSearch(id, { alerts: 'off' })).toMatchObject({ alerts: 'off' });
        });
    });

    it("answers 404 for a saved search that is not the caller's", async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a contractor renaming an unknown saved search')
        .withRequest('PATCH', `/api/saved-searches/${UNKNOWN_ID}`, (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ name: 'Roofs' }),
        )
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('SAVED_SEARCH_NOT_FOUND', 'Saved search not found')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await updateSavedSearch(UNKNOWN_ID, { name: 'Roofs' }).catch((e: unknown) => e);
          expect(hasStatus(failure, 404)).toBe(true);
        });
    });

    it('deletes a saved search: 204', async () => {
      const { path, example } = statePath('savedSearchId', (id) => `/api/saved-searches/${id}`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .given(STATES.savedSearchExists, { user: CONTRACTOR.email })
        .uponReceiving('a contractor deleting a saved search')
        .withRequest('DELETE', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(204)
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await expect(deleteSavedSearch(example.split('/').at(-1) as string)).resolves.toBeUndefined();
        });
    });

    it('answers 404 when deleting a saved search that is not there', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a contractor deleting an unknown saved search')
        .withRequest('DELETE', `/api/saved-searches/${UNKNOWN_ID}`, (b) => b.headers(WITH_SESSION))
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('SAVED_SEARCH_NOT_FOUND', 'Saved search not found')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(hasStatus(await deleteSavedSearch(UNKNOWN_ID).catch((e: unknown) => e), 404)).toBe(true);
        });
    });
  });

  describe('delete a project (DELETE /api/projects/{id})', () => {
    it('deletes the owner’s project: 204', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .uponReceiving('a deletion of my project')
        .withRequest('DELETE', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(204)
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await expect(deleteProject(EXAMPLE_IDS.projectId)).resolves.toBeUndefined();
        });
    });

    it('refuses someone else’s project: 403', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}`);
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, OTHER_CLIENT)
        .uponReceiving('a deletion of someone else’s project')
        .withRequest('DELETE', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(403, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(errorBody('NOT_PROJECT_OWNER', 'Only the owner can delete this project')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(hasStatus(await deleteProject(EXAMPLE_IDS.projectId).catch((e: unknown) => e), 403)).toBe(
            true,
          );
        });
    });
  });

  describe('the bid deadline (POST /api/projects/{id}/bid-deadline, issue 13)', () => {
    it('extends the bid deadline: 200 with the project and its new deadline', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/bid-deadline`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email, bidDeadline: '2099-06-30T12:00:00.000Z' })
        .uponReceiving('an extension of the bid deadline by the owner')
        .withRequest('POST', path, (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ bidDeadline: '2099-12-31' }),
        )
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            id: uuid(EXAMPLE_IDS.projectId),
            title: like('Re-roof a two-storey house'),
            bidDeadline: iso8601DateTimeWithMillis('2100-01-01T04:59:59.999Z'),
            bidCount: integer(0),
            takingBids: equal(true),
          }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const project = await changeBidDeadline(EXAMPLE_IDS.projectId, '2099-12-31');
          expect(project.takingBids).toBe(true);
          expect(project.bidDeadline).toMatch(/^2099-12-31T|^2100-01-01T/);
        });
    });

    it('refuses an earlier deadline while bids exist: 409 with a message the dialog shows', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/bid-deadline`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email, bidDeadline: '2099-12-31T12:00:00.000Z' })
        .given(STATES.userExists, CONTRACTOR)
        .given(STATES.bidExists, { contractor: CONTRACTOR.email })
        .uponReceiving('an earlier bid deadline on a project with bids')
        .withRequest('POST', path, (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ bidDeadline: '2099-06-30' }),
        )
        .willRespondWith(409, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(
              errorBody(
                'BID_DEADLINE_SHORTENED',
                'The project has bids: the bid deadline cannot be moved before 2099-12-31T12:00:00.000Z',
              ),
            ),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await changeBidDeadline(EXAMPLE_IDS.projectId, '2099-06-30').catch(
            (e: unknown) => e,
          );
          expect(hasStatus(failure, 409)).toBe(true);
          expect(failure).toHaveProperty('message', expect.stringContaining('The project has bids'));
        });
    });
  });

  describe('addenda (decision 0130)', () => {
    it('lists the project’s addenda, oldest first: 200', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/addenda`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.addendumExists, { owner: OWNER.email, text: 'The island moves two feet east.' })
        .uponReceiving('a request for the addenda of a project')
        .withRequest('GET', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(
            eachLike({
              id: uuid('6a1f0a52-6a7e-4a52-9d0c-3f6f3b1c2d4e'),
              projectId: uuid(EXAMPLE_IDS.projectId),
              text: equal('The island moves two feet east.'),
              attachments: [],
              createdAt: iso8601DateTimeWithMillis('2026-11-22T15:04:05.000Z'),
            }),
          ),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const addenda = await listAddenda(EXAMPLE_IDS.projectId);
          expect(addenda[0]?.text).toBe('The island moves two feet east.');
        });
    });

    it('answers 404 for a project that is not there', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a request for the addenda of an unknown project')
        .withRequest('GET', `/api/projects/${UNKNOWN_ID}/addenda`, (b) => b.headers(WITH_SESSION))
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('PROJECT_NOT_FOUND', 'Project not found')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(hasStatus(await listAddenda(UNKNOWN_ID).catch((e: unknown) => e), 404)).toBe(true);
        });
    });

    it('posts an addendum (multipart): 201 with it', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/addenda`);
      const form = new FormData();
      form.append('text', 'Scaffolding is on site from Monday.');
      const body = await multipartOf(form);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .uponReceiving('an addendum from the owner')
        .withRequest('POST', path, (b) => {
          b.headers(WITH_SESSION);
          withMultipartBody(b, body);
        })
        .willRespondWith(201, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            id: uuid('6a1f0a52-6a7e-4a52-9d0c-3f6f3b1c2d4e'),
            projectId: uuid(EXAMPLE_IDS.projectId),
            text: equal('Scaffolding is on site from Monday.'),
            attachments: [],
            createdAt: iso8601DateTimeWithMillis('2026-11-22T15:04:05.000Z'),
          }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const addendum = await postAddendum(
            EXAMPLE_IDS.projectId,
            'Scaffolding is on site from Monday.',
            [],
          );
          expect(addendum.text).toBe('Scaffolding is on site from Monday.');
        });
    });

    it('refuses an addendum from someone who is not the owner: 403', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/addenda`);
      const form = new FormData();
      form.append('text', 'Not my project.');
      const body = await multipartOf(form);
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, OTHER_CLIENT)
        .uponReceiving('an addendum from someone who is not the owner')
        .withRequest('POST', path, (b) => {
          b.headers(WITH_SESSION);
          withMultipartBody(b, body);
        })
        .willRespondWith(403, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(errorBody('NOT_PROJECT_OWNER', 'Only the owner can add an addendum')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await postAddendum(EXAMPLE_IDS.projectId, 'Not my project.', []).catch(
            (e: unknown) => e,
          );
          expect(hasStatus(failure, 403)).toBe(true);
        });
    });
  });

  describe('questions and answers (decision 0131)', () => {
    const questionBody = (overrides: Record<string, unknown> = {}) => ({
      id: uuid(QUESTION_ID),
      projectId: uuid(EXAMPLE_IDS.projectId),
      kind: equal('question'),
      question: like('Are the openings standard sizes?'),
      answer: null,
      askerName: null,
      showAsker: equal(false),
      mine: like(false),
      hidden: equal(false),
      createdAt: iso8601DateTimeWithMillis('2026-11-22T15:04:05.000Z'),
      answeredAt: null,
      ...overrides,
    });
    const answeredAt = iso8601DateTimeWithMillis('2026-11-22T16:04:05.000Z');

    it('lists the answered questions for a bidder, without the asker’s name: 200', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/questions`);
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.userExists, { ...CONTRACTOR, email: 'asker@example.com' })
        .given(STATES.questionExists, {
          asker: 'asker@example.com',
          owner: OWNER.email,
          answer: 'Yes: 36 by 48.',
        })
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a request for the questions of a project')
        .withRequest('GET', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(eachLike(questionBody({ answer: like('Yes: 36 by 48.'), answeredAt }))),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const [q] = await listQuestions(EXAMPLE_IDS.projectId);
          expect(q?.answer).toBe('Yes: 36 by 48.');
          expect(q?.askerName).toBeNull();
        });
    });

    it('answers 404 for the questions of a project that is not there', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a request for the questions of an unknown project')
        .withRequest('GET', `/api/projects/${UNKNOWN_ID}/questions`, (b) => b.headers(WITH_SESSION))
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('PROJECT_NOT_FOUND', 'Project not found')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(hasStatus(await listQuestions(UNKNOWN_ID).catch((e: unknown) => e), 404)).toBe(true);
        });
    });

    it('asks a question as a contractor: 201 with the open question, marked as mine', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/questions`);
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a question from a contractor')
        .withRequest('POST', path, (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ text: 'Are the openings standard sizes?' }),
        )
        .willRespondWith(201, (b) => b.headers(JSON_CONTENT).jsonBody(questionBody({ mine: equal(true) })))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const q = await askQuestion(EXAMPLE_IDS.projectId, 'Are the openings standard sizes?');
          expect(q.mine).toBe(true);
        });
    });

    it('refuses a question from a client: 403', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/questions`);
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, OTHER_CLIENT)
        .uponReceiving('a question from a client')
        .withRequest('POST', path, (b) => b.headers(JSON_WITH_SESSION).jsonBody({ text: 'Can clients ask?' }))
        .willRespondWith(403, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(errorBody('ROLE_CANNOT_ASK', 'Only contractors and vendors can ask questions')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await askQuestion(EXAMPLE_IDS.projectId, 'Can clients ask?').catch(
            (e: unknown) => e,
          );
          expect(hasStatus(failure, 403)).toBe(true);
        });
    });

    it('the owner answers: 200 with the answered question', async () => {
      const { path } = statePath('questionId', (id) => `/api/questions/${id}/answer`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.userExists, CONTRACTOR)
        .given(STATES.questionExists, { asker: CONTRACTOR.email })
        .uponReceiving('an answer from the owner')
        .withRequest('POST', path, (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ answer: 'Yes: 36 by 48.', showAsker: false }),
        )
        .willRespondWith(200, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(
              questionBody({ answer: equal('Yes: 36 by 48.'), askerName: like('Marcus Tester'), answeredAt }),
            ),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const q = await answerQuestion(QUESTION_ID, 'Yes: 36 by 48.', false);
          expect(q.answer).toBe('Yes: 36 by 48.');
        });
    });

    it('refuses an answer from someone who is not the owner: 403', async () => {
      const { path } = statePath('questionId', (id) => `/api/questions/${id}/answer`);
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, CONTRACTOR)
        .given(STATES.questionExists, { asker: CONTRACTOR.email })
        .uponReceiving('an answer from someone who is not the owner')
        .withRequest('POST', path, (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ answer: 'I answer myself.', showAsker: false }),
        )
        .willRespondWith(403, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(errorBody('NOT_PROJECT_OWNER', 'Only the project owner can answer questions')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await answerQuestion(QUESTION_ID, 'I answer myself.', false).catch(
            (e: unknown) => e,
          );
          expect(hasStatus(failure, 403)).toBe(true);
        });
    });

    it('the owner posts a clarification: 201', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/clarifications`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .uponReceiving('a clarification from the owner')
        .withRequest('POST', path, (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ text: 'Hours are 8 to 5.' }),
        )
        .willRespondWith(201, (b) =>
          b.headers(JSON_CONTENT).jsonBody(
            questionBody({
              kind: equal('clarification'),
              question: null,
              answer: equal('Hours are 8 to 5.'),
              answeredAt,
            }),
          ),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const q = await postClarification(EXAMPLE_IDS.projectId, 'Hours are 8 to 5.');
          expect(q.kind).toBe('clarification');
        });
    });

    it('refuses a clarification from someone who is not the owner: 403', async () => {
      const { path } = statePath('projectId', (id) => `/api/projects/${id}/clarifications`);
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, OTHER_CLIENT)
        .uponReceiving('a clarification from someone who is not the owner')
        .withRequest('POST', path, (b) => b.headers(JSON_WITH_SESSION).jsonBody({ text: 'Not mine.' }))
        .willRespondWith(403, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(errorBody('NOT_PROJECT_OWNER', 'Only the project owner can post a clarification')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await postClarification(EXAMPLE_IDS.projectId, 'Not mine.').catch(
            (e: unknown) => e,
          );
          expect(hasStatus(failure, 403)).toBe(true);
        });
    });

    it('an admin hides a question: 200', async () => {
      const { path } = statePath('questionId', (id) => `/api/questions/${id}/hidden`);
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.userExists, CONTRACTOR)
        .given(STATES.questionExists, { asker: CONTRACTOR.email })
        .given(STATES.signedInUser, ADMIN)
        .uponReceiving('an admin hiding a question')
        .withRequest('POST', path, (b) => b.headers(JSON_WITH_SESSION).jsonBody({ hidden: true }))
        .willRespondWith(200, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(questionBody({ hidden: equal(true), askerName: like('Marcus Tester') })),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const q = await hideQuestion(QUESTION_ID, true);
          expect(q.hidden).toBe(true);
        });
    });

    it('refuses hiding by anyone but an admin: 403', async () => {
      const { path } = statePath('questionId', (id) => `/api/questions/${id}/hidden`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.userExists, CONTRACTOR)
        .given(STATES.questionExists, { asker: CONTRACTOR.email })
        .uponReceiving('the owner trying to hide a question')
        .withRequest('POST', path, (b) => b.headers(JSON_WITH_SESSION).jsonBody({ hidden: true }))
        .willRespondWith(403, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('ADMIN_ONLY', 'Admin privileges required')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(hasStatus(await hideQuestion(QUESTION_ID, true).catch((e: unknown) => e), 403)).toBe(true);
        });
    });
  });

  describe('reports (decision 0221)', () => {
    const REPORTED = {
      id: uuid(EXAMPLE_IDS.bidId),
      targetType: equal('project'),
      targetId: stateId('projectId'),
      reason: equal('scam'),
      createdAt: iso8601DateTimeWithMillis('2027-03-25T10:00:00.000Z'),
    };

    it('reports a project: 201 with the report', async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a contractor reporting a project as a scam')
        .withRequest('POST', '/api/reports', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({
            targetType: 'project',
            targetId: stateId('projectId'),
            reason: 'scam',
            details: 'Asks for a deposit by wire',
          }),
        )
        .willRespondWith(201, (b) => b.headers(JSON_CONTENT).jsonBody(REPORTED))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await expect(
            fileReport({
              targetType: 'project',
              targetId: EXAMPLE_IDS.projectId,
              reason: 'scam',
              details: 'Asks for a deposit by wire',
            }),
          ).resolves.toBeUndefined();
        });
    });

    it('refuses a second open report of the same project: 409 ALREADY_REPORTED', async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, CONTRACTOR)
        .given(STATES.reportFiled, { reporter: CONTRACTOR.email, targetType: 'project', target: 'projectId' })
        .uponReceiving('a contractor reporting a project they reported already')
        .withRequest('POST', '/api/reports', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({
            targetType: 'project',
            targetId: stateId('projectId'),
            reason: 'spam',
            details: null,
          }),
        )
        .willRespondWith(409, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(
              errorBody(
                'ALREADY_REPORTED',
                'You already reported this. We will tell you when it is decided.',
              ),
            ),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await fileReport({
            targetType: 'project',
            targetId: EXAMPLE_IDS.projectId,
            reason: 'spam',
            details: null,
          }).catch((e: unknown) => e);
          expect(hasStatus(failure, 409)).toBe(true);
        });
    });

    it("lists the projects I reported that wait for a decision ('Reported'): 200", async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, OWNER)
        .given(STATES.projectExists, { owner: OWNER.email })
        .given(STATES.signedInUser, CONTRACTOR)
        .given(STATES.reportFiled, { reporter: CONTRACTOR.email, targetType: 'project', target: 'projectId' })
        .uponReceiving("a contractor's request for their open reports of projects")
        .withRequest('GET', '/api/users/me/reports', (b) =>
          b.headers(WITH_SESSION).query({ targetType: 'project' }),
        )
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(eachLike(REPORTED)))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(await reportedIds('project')).toEqual(new Set([EXAMPLE_IDS.projectId]));
        });
    });

    it('refuses the list to a visitor: 401', async () => {
      await pact
        .addInteraction()
        .uponReceiving("a visitor's request for open reports")
        .withRequest('GET', '/api/users/me/reports', (b) => b.query({ targetType: 'project' }))
        .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
        .executeTest(async (mock) => {
          signedOut(mock.url);
          expect(hasStatus(await reportedIds('project').catch((e: unknown) => e), 401)).toBe(true);
        });
    });
  });

  itKeepsTheCommittedPact(contract);
});
