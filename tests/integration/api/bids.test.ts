import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { truncateAll } from '../support/database.ts';
import {
  bidOn,
  buildMarketplaceApp,
  type Caller,
  createProject,
  get,
  type MarketplaceApp,
  makePro,
  placeBid,
  send,
  signUp,
  UNKNOWN_ID,
} from './marketplace-support.ts';

let t: MarketplaceApp;
let owner: Caller;
let contractor: Caller;
let projectId: string;

beforeAll(async () => {
  t = await buildMarketplaceApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await truncateAll(t.composition.orm);
  t.clearUploads();
  owner = await signUp(t, 'client');
  contractor = await signUp(t, 'contractor');
  projectId = await createProject(t, owner.cookie);
});

const decide = (bidId: string, status: string, cookie = owner.cookie) =>
  send(t, 'PATCH', `/api/bids/${bidId}/status`, cookie, { status });

describe('POST /api/projects/{id}/bids', () => {
  it('records a pending bid and answers it with the quota after it', async () => {
    const res = await bidOn(t, contractor.cookie, projectId, { amount: 18500.25, timeline: 45 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      projectId,
      contractorId: contractor.id,
      amount: '18500.25',
      timeline: 45,
      proposal: 'Licensed crew, six weeks.',
      status: 'pending',
      quota: { tier: 'free', limit: 3, bidsThisMonth: 1, remaining: 2, limitReached: false },
    });
  });

  it('lets vendors bid too', async () => {
    const vendor = await signUp(t, 'vendor');
    expect((await bidOn(t, vendor.cookie, projectId)).statusCode).toBe(201);
  });

  it("blocks the 4th bid of the month on the free plan with the spec's message", async () => {
    for (let i = 0; i < 3; i += 1) await placeBid(t, contractor.cookie, await createProject(t, owner.cookie));
    const res = await bidOn(t, contractor.cookie, projectId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'BID_LIMIT_REACHED',
      message: "You've reached your monthly limit of 3 bids on the free plan.",
    });
    const quota = (await get(t, '/api/users/me/quota', contractor.cookie)).json();
    expect(quota).toMatchObject({ bidsThisMonth: 3, remaining: 0, limitReached: true });
  });

  it('gives Pro unlimited bids', async () => {
    await makePro(t, contractor.id);
    for (let i = 0; i < 3; i += 1) await placeBid(t, contractor.cookie, await createProject(t, owner.cookie));
    const res = await bidOn(t, contractor.cookie, projectId);
    expect(res.statusCode).toBe(201);
    expect(res.json().quota).toMatchObject({ tier: 'pro', limit: null, remaining: null, bidsThisMonth: 4 });
  });

  it('refuses clients, admins and bids on your own project (403)', async () => {
    const client = await signUp(t, 'client');
    const admin = await signUp(t, 'admin');
    expect((await bidOn(t, client.cookie, projectId)).json().code).toBe('ROLE_CANNOT_BID');
    expect((await bidOn(t, admin.cookie, projectId)).statusCode).toBe(403);
    // The owner switches to contractor and tries their own project.
    await send(t, 'PATCH', '/api/users/me/role', owner.cookie, { role: 'contractor' });
    const own = await bidOn(t, owner.cookie, projectId);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('OWN_PROJECT');
  });

  it('takes one bid per contractor per project (409), and none on a cancelled project', async () => {
    await placeBid(t, contractor.cookie, projectId);
    const twice = await bidOn(t, contractor.cookie, projectId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('BID_ALREADY_EXISTS');

    await send(t, 'POST', `/api/projects/${projectId}/cancel`, owner.cookie);
    const other = await signUp(t, 'contractor');
    const closed = await bidOn(t, other.cookie, projectId);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('PROJECT_NOT_ACTIVE');
  });

  it.each([
    [{ amount: undefined }, 'amount', 'Amount is required'],
    [{ amount: 0 }, 'amount', 'Amount must be greater than 0'],
    [{ amount: 10.123 }, 'amount', undefined],
    [{ amount: 'lots' }, 'amount', undefined],
    [{ timeline: undefined }, 'timeline', 'Timeline is required'],
    [{ timeline: 1.5 }, 'timeline', undefined],
    [{ timeline: 0 }, 'timeline', 'Timeline must be between 1 and 3650 days'],
    [{ proposal: '   ' }, 'proposal', 'Proposal is required'],
    [{ proposal: 'x'.repeat(5001) }, 'proposal', undefined],
  ])('answers 400 naming the field for %j', async (body, field, message) => {
    const res = await bidOn(t, contractor.cookie, projectId, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    if (message) expect(res.json().message).toBe(message);
  });

  it('answers 404 for an unknown project and 401 when signed out', async () => {
    const missing = await bidOn(t, contractor.cookie, UNKNOWN_ID);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Project not found');
    expect((await bidOn(t, '', projectId)).statusCode).toBe(401);
  });
});

describe('GET /api/projects/{id}/bids', () => {
  it('shows the owner and admins every bid with its bidder; others only their own', async () => {
    const rival = await signUp(t, 'contractor');
    const first = await placeBid(t, contractor.cookie, projectId, { amount: 20000 });
    const second = await placeBid(t, rival.cookie, projectId, { amount: 15000 });
    const admin = await signUp(t, 'admin');

    const all = (await get(t, `/api/projects/${projectId}/bids`, owner.cookie)).json();
    expect(all.map((b: { id: string }) => b.id)).toEqual([second, first]);
    expect(all[1]).toMatchObject({
      amount: '20000.00',
      contractor: {
        id: contractor.id,
        firstName: 'Contractor',
        lastName: 'Tester',
        profileImageUrl: null,
        rating: 0,
        reviewCount: 0,
      },
    });
    expect((await get(t, `/api/projects/${projectId}/bids`, admin.cookie)).json()).toHaveLength(2);

    const own = (await get(t, `/api/projects/${projectId}/bids`, contractor.cookie)).json();
    expect(own.map((b: { id: string }) => b.id)).toEqual([first]);
    const stranger = await signUp(t, 'client');
    expect((await get(t, `/api/projects/${projectId}/bids`, stranger.cookie)).json()).toEqual([]);
  });

  it('answers 404 for an unknown project, 400 for a malformed id, 401 when signed out', async () => {
    expect((await get(t, `/api/projects/${UNKNOWN_ID}/bids`, owner.cookie)).statusCode).toBe(404);
    expect((await get(t, '/api/projects/42/bids', owner.cookie)).statusCode).toBe(400);
    expect((await get(t, `/api/projects/${projectId}/bids`)).statusCode).toBe(401);
  });
});

describe('PATCH /api/bids/{bidId}/status', () => {
  it('accepting awards the project and rejects the other pending bids', async () => {
    const rival = await signUp(t, 'contractor');
    const winner = await placeBid(t, contractor.cookie, projectId);
    const loser = await placeBid(t, rival.cookie, projectId);
    const res = await decide(winner, 'accepted');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: winner, status: 'accepted' });

    const bids = (await get(t, `/api/projects/${projectId}/bids`, owner.cookie)).json();
    expect(Object.fromEntries(bids.map((b: { id: string; status: string }) => [b.id, b.status]))).toEqual({
      [winner]: 'accepted',
      [loser]: 'rejected',
    });
    expect((await get(t, `/api/projects/${projectId}`, owner.cookie)).json()).toMatchObject({
      currentPhase: 'awarded',
      acceptedBidId: winner,
    });
    const decided = await decide(loser, 'accepted');
    expect(decided.statusCode).toBe(409);
    expect(decided.json().code).toBe('BID_NOT_PENDING');
  });

  it('declining rejects just that bid', async () => {
    const bidId = await placeBid(t, contractor.cookie, projectId);
    const res = await decide(bidId, 'rejected');
    expect(res.json()).toMatchObject({ status: 'rejected' });
    expect((await get(t, `/api/projects/${projectId}`, owner.cookie)).json().currentPhase).toBe('bidding');
  });

  it('lets only the owner decide: not the bidder, not another client, not an admin', async () => {
    const bidId = await placeBid(t, contractor.cookie, projectId);
    const admin = await signUp(t, 'admin');
    const stranger = await signUp(t, 'client');
    expect((await decide(bidId, 'accepted', contractor.cookie)).json().code).toBe('NOT_PROJECT_OWNER');
    expect((await decide(bidId, 'accepted', stranger.cookie)).statusCode).toBe(403);
    const byAdmin = await decide(bidId, 'accepted', admin.cookie);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().code).toBe('ADMIN_CANNOT_DECIDE');
    expect((await decide(bidId, 'accepted', '')).statusCode).toBe(401);
  });

  it('answers 400 for another status, 404 for an unknown bid', async () => {
    const bidId = await placeBid(t, contractor.cookie, projectId);
    const pending = await decide(bidId, 'pending');
    expect(pending.statusCode).toBe(400);
    expect(pending.json().field).toBe('status');
    const missing = await decide(UNKNOWN_ID, 'accepted');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Bid not found', code: 'BID_NOT_FOUND' });
  });
});

describe('PATCH /api/bids/{bidId}', () => {
  it('edits your own pending bid without using quota', async () => {
    const bidId = await placeBid(t, contractor.cookie, projectId);
    const res = await send(t, 'PATCH', `/api/bids/${bidId}`, contractor.cookie, {
      amount: 17000,
      timeline: 40,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      amount: '17000.00',
      timeline: 40,
      proposal: 'Licensed crew, six weeks.',
    });
    expect((await get(t, '/api/users/me/quota', contractor.cookie)).json().bidsThisMonth).toBe(1);
  });

  it("refuses someone else's bid (403), a decided bid (409), bad values (400) and unknown bids (404)", async () => {
    const bidId = await placeBid(t, contractor.cookie, projectId);
    const rival = await signUp(t, 'contractor');
    const other = await send(t, 'PATCH', `/api/bids/${bidId}`, rival.cookie, { amount: 1 });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('NOT_BID_OWNER');
    const bad = await send(t, 'PATCH', `/api/bids/${bidId}`, contractor.cookie, { timeline: 99999 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('timeline');
    await decide(bidId, 'rejected');
    const decided = await send(t, 'PATCH', `/api/bids/${bidId}`, contractor.cookie, { amount: 1 });
    expect(decided.statusCode).toBe(409);
    expect(
      (await send(t, 'PATCH', `/api/bids/${UNKNOWN_ID}`, contractor.cookie, { amount: 1 })).statusCode,
    ).toBe(404);
    expect((await send(t, 'PATCH', `/api/bids/${bidId}`, undefined, { amount: 1 })).statusCode).toBe(401);
  });
});
