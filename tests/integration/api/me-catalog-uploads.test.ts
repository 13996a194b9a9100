import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RecordAchievements } from '#application/achievements/index.ts';
import { CATALOG } from '#domain/catalog/catalog.ts';
import { truncateAll } from '../support/database.ts';
import {
  buildMarketplaceApp,
  type Caller,
  createProject,
  get,
  type MarketplaceApp,
  placeBid,
  postProject,
  projectData,
  SAMPLE,
  send,
  signUp,
  UNKNOWN_ID,
} from './marketplace-support.ts';

let t: MarketplaceApp;
let owner: Caller;
let contractor: Caller;

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
});

describe('GET /api/users/me/*', () => {
  it('answers my own bids on the projects asked for, so cards show them instead of Submit Bid', async () => {
    const bidOn = await createProject(t, owner.cookie, { title: 'Bid on this one' });
    const notBidOn = await createProject(t, owner.cookie, { title: 'Not bid on yet' });
    await placeBid(t, contractor.cookie, bidOn);
    const other = await signUp(t, 'contractor');
    await placeBid(t, other.cookie, notBidOn);
    const url = `/api/users/me/bid-statuses?projectId=${bidOn}&projectId=${notBidOn}&projectId=${UNKNOWN_ID}`;
    const res = await get(t, url, contractor.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ projectId: bidOn, bidId: expect.any(String), status: 'pending' }]);
    // A single id is an array of one; a client (no bids) gets none.
    expect((await get(t, `/api/users/me/bid-statuses?projectId=${notBidOn}`, other.cookie)).json()).toEqual([
      { projectId: notBidOn, bidId: expect.any(String), status: 'pending' },
    ]);
    expect((await get(t, url, owner.cookie)).json()).toEqual([]);
    // Bad input is named.
    const tooMany = Array.from(
      { length: 51 },
      (_, i) => `projectId=00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const refused = await get(t, `/api/users/me/bid-statuses?${tooMany.join('&')}`, contractor.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_IDS' });
    expect((await get(t, '/api/users/me/bid-statuses?projectId=nope', contractor.cookie)).statusCode).toBe(
      400,
    );
    expect((await get(t, '/api/users/me/bid-statuses', contractor.cookie)).statusCode).toBe(400);
    expect((await get(t, url)).statusCode).toBe(401);
  });

  it('lists my bids newest first, each with its project', async () => {
    const first = await createProject(t, owner.cookie, {
      title: 'First project here',
      tags: ['a', 'b', 'c'],
    });
    const second = await createProject(t, owner.cookie, { title: 'Second project here' });
    await placeBid(t, contractor.cookie, first);
    await placeBid(t, contractor.cookie, second, { amount: 900 });
    const res = await get(t, '/api/users/me/bids', contractor.cookie);
    expect(res.statusCode).toBe(200);
    const bids = res.json();
    expect(bids.map((b: { project: { title: string } }) => b.project.title)).toEqual([
      'Second project here',
      'First project here',
    ]);
    expect(bids[1]).toMatchObject({
      amount: '18500.00',
      status: 'pending',
      project: {
        id: first,
        title: 'First project here',
        location: 'Nassau, New Providence, Bahamas',
        category: 'Construction',
        tags: ['a', 'b', 'c'],
      },
    });
    // Nobody else's bids.
    expect((await get(t, '/api/users/me/bids', owner.cookie)).json()).toEqual([]);
  });

  it('lists my projects only, paged, with the status filter', async () => {
    const other = await signUp(t, 'client');
    await createProject(t, other.cookie, { title: 'Not mine at all' });
    const a = await createProject(t, owner.cookie, { title: 'Mine number one' });
    await createProject(t, owner.cookie, { title: 'Mine number two' });
    await send(t, 'POST', `/api/projects/${a}/cancel`, owner.cookie);

    const page = await get(t, '/api/users/me/projects?limit=1', owner.cookie);
    expect(page.json().map((p: { title: string }) => p.title)).toEqual(['Mine number two']);
    expect(page.headers['x-total-count']).toBe('2');
    expect(String(page.headers.link)).toMatch(
      /^<\/api\/users\/me\/projects\?limit=1&cursor=[^>]+>; rel="next"$/,
    );
    const cancelled = await get(t, '/api/users/me/projects?status=cancelled', owner.cookie);
    expect(cancelled.json().map((p: { title: string }) => p.title)).toEqual(['Mine number one']);
    expect((await get(t, '/api/users/me/projects?limit=500', owner.cookie)).statusCode).toBe(400);
  });

  it('derives my stats and quota', async () => {
    const p1 = await createProject(t, owner.cookie);
    const p2 = await createProject(t, owner.cookie);
    const won = await placeBid(t, contractor.cookie, p1);
    await placeBid(t, contractor.cookie, p2);
    await send(t, 'PATCH', `/api/bids/${won}/status`, owner.cookie, { status: 'accepted' });

    const stats = (await get(t, '/api/users/me/stats', contractor.cookie)).json();
    expect(stats).toMatchObject({
      postedProjects: 0,
      activeBids: 1,
      wonProjects: 1,
      totalBids: 2,
      bidsThisMonth: 2,
      subscriptionTier: 'free',
      rating: 0,
      reviewCount: 0,
      bidQuota: { limit: 3, remaining: 1, limitReached: false },
    });
    expect((await get(t, '/api/users/me/stats', owner.cookie)).json()).toMatchObject({
      postedProjects: 2,
      activeProjects: 2,
      completedProjects: 0,
    });
    const quota = (await get(t, '/api/users/me/quota', contractor.cookie)).json();
    expect(quota).toMatchObject({
      tier: 'free',
      limit: 3,
      bidsThisMonth: 2,
      remaining: 1,
      limitReached: false,
    });
    expect(new Date(quota.resetsAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('shows achievements and badges once points are earned', async () => {
    const empty = (await get(t, '/api/users/me/achievements', contractor.cookie)).json();
    expect(empty.badges).toEqual([]);

    // A quick bid earns speed points through the published event.
    await placeBid(t, contractor.cookie, await createProject(t, owner.cookie));
    // Two five-star reviews (fed to the subscriber directly) reach the bronze quality badge (25).
    const record = t.composition.get(RecordAchievements);
    for (const reviewId of ['r1', 'r2']) {
      await record.execute({
        type: 'review_received',
        occurredAt: new Date(),
        reviewId,
        projectId: null,
        reviewerId: owner.id,
        recipientId: contractor.id,
        rating: 5,
      } as never);
    }
    const achievements = (await get(t, '/api/users/me/achievements', contractor.cookie)).json();
    expect(achievements.categories).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ category: 'speed', points: 5 }),
        expect.objectContaining({ category: 'quality', points: 40 }),
      ]),
    );
    expect(achievements.badges.map((b: { badge: { id: string } }) => b.badge.id)).toContain('quality_bronze');

    const badges = await get(t, `/api/users/${contractor.id}/badges`, owner.cookie);
    expect(badges.statusCode).toBe(200);
    expect(badges.json()).toEqual([
      expect.objectContaining({
        badge: expect.objectContaining({ name: 'Quality Work (Bronze)', icon: 'star' }),
      }),
    ]);
    expect((await get(t, `/api/users/${UNKNOWN_ID}/badges`, owner.cookie)).json()).toEqual([]);
    expect((await get(t, '/api/users/nobody/badges', owner.cookie)).statusCode).toBe(400);
  });

  it.each([
    '/api/users/me/bids',
    '/api/users/me/projects',
    '/api/users/me/stats',
    '/api/users/me/quota',
    '/api/users/me/achievements',
    `/api/users/${UNKNOWN_ID}/badges`,
  ])('%s answers 401 when signed out', async (url) => {
    const res = await get(t, url);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/catalog', () => {
  it('answers every catalogue unchanged, without signing in', async () => {
    const res = await get(t, '/api/catalog');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(CATALOG)));
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('GET /uploads/{name}', () => {
  async function upload() {
    const res = await postProject(t, owner.cookie, projectData(), [
      SAMPLE.png(),
      SAMPLE.pdf(),
      SAMPLE.docx('Scope – rév 2.docx'),
    ]);
    expect(res.statusCode).toBe(201);
    return res.json().attachments as Array<{ name: string; url: string; thumbnailUrl: string | null }>;
  }

  it('serves images inline and everything else as a download under its original name, nosniff and sandboxed', async () => {
    const [png, pdf, docx] = await upload();
    const image = await get(t, png?.url as string, contractor.cookie);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toBe(
      `inline; filename="photo.png"; filename*=UTF-8''photo.png`,
    );
    expect(image.headers['cache-control']).toBe('private, max-age=3600');
    expect(image.rawPayload).toEqual(SAMPLE.png().data);

    const doc = await get(t, pdf?.url as string, contractor.cookie);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toMatch(/^attachment; /);
    for (const served of [image, doc]) {
      expect(served.headers['content-security-policy']).toContain('sandbox');
      expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    }

    const word = await get(t, docx?.url as string, owner.cookie);
    expect(word.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(word.headers['content-disposition']).toBe(
      `attachment; filename="Scope _ r_v 2.docx"; filename*=UTF-8''Scope%20%E2%80%93%20r%C3%A9v%202.docx`,
    );
    expect(word.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a visitor 401 with the API’s JSON error for every file and thumbnail, known or not', async () => {
    const [png, pdf] = await upload();
    const urls = [
      png?.url,
      pdf?.url,
      png?.thumbnailUrl,
      `/uploads/${UNKNOWN_ID}.png`,
      `/uploads/${UNKNOWN_ID}.png/thumbnail`,
    ] as string[];
    for (const url of urls) {
      for (const cookie of [undefined, 'buildbid_session=forged-or-expired']) {
        const res = await get(t, url, cookie);
        expect(res.statusCode, `${url} ${cookie ?? 'no cookie'}`).toBe(401);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({ message: 'You are not signed in', code: 'UNAUTHENTICATED' });
        expect(res.rawPayload.includes(Buffer.from(SAMPLE.png().data))).toBe(false);
      }
    }
    // After signing out, the same browser gets 401 too.
    expect((await send(t, 'POST', '/api/auth/signout', contractor.cookie)).statusCode).toBeLessThan(300);
    expect((await get(t, png?.url as string, contractor.cookie)).statusCode).toBe(401);
  });

  it('serves a thumbnail to a signed-in user with the files’ sandboxing CSP, nosniff and private caching', async () => {
    const big = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    const res = await postProject(t, owner.cookie, projectData(), [
      { name: 'roof.png', type: 'image/png', data: big },
    ]);
    const [image] = res.json().attachments as Array<{ thumbnailUrl: string }>;
    const thumb = await get(t, image?.thumbnailUrl as string, contractor.cookie);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    expect(thumb.headers['cache-control']).toBe('private, max-age=86400');
    expect(thumb.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f-]+\.webp"/);
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
  });

  it.each([
    '/uploads/..%2F..%2Fetc%2Fpasswd',
    '/uploads/../package.json',
    '/uploads/%2Fetc%2Fpasswd',
    '/uploads/..%252F..%252Fetc%252Fpasswd',
    '/uploads/00000000-0000-4000-8000-000000000000.png',
    '/uploads/not-issued.png',
    '/uploads/session-secret',
  ])('answers 404 to %s, even signed in', async (url) => {
    const res = await get(t, url, contractor.cookie);
    expect(res.statusCode).toBe(404);
  });

  it('answers 404 for the metadata record and for files placed there by hand with another name', async () => {
    const [png] = await upload();
    expect((await get(t, `${png?.url}.json`, contractor.cookie)).statusCode).toBe(404);
    writeFileSync(join(t.uploadsDir, 'notes.txt'), 'hello');
    expect((await get(t, '/uploads/notes.txt', contractor.cookie)).statusCode).toBe(404);
  });
});
