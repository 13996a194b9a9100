import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { truncateAll } from '../support/database.ts';
import {
  buildMarketplaceApp,
  type Caller,
  createProject,
  get,
  type MarketplaceApp,
  placeBid,
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

const put = (url: string, cookie?: string) =>
  t.app.inject({ method: 'PUT', url, ...(cookie ? { headers: { cookie } } : {}) });

describe('views', () => {
  it("shows a fresh project with 0 views to its owner, and counts a contractor's view once a day", async () => {
    const id = await createProject(t, owner.cookie);
    expect((await get(t, `/api/projects/${id}`, owner.cookie)).json().viewCount).toBe(0);
    expect((await get(t, `/api/projects/${id}`, owner.cookie)).json().viewCount).toBe(0);
    // The viewer's own page includes their view at once, also on a reload before it is written.
    expect((await get(t, `/api/projects/${id}`, contractor.cookie)).json().viewCount).toBe(1);
    expect((await get(t, `/api/projects/${id}`, contractor.cookie)).json().viewCount).toBe(1);
    // Views are written in batches within a second (decision 0218): then everyone sees them.
    await t.composition.settled();
    expect((await get(t, `/api/projects/${id}`, contractor.cookie)).json().viewCount).toBe(1);
    const other = await signUp(t, 'vendor');
    expect((await get(t, `/api/projects/${id}`, other.cookie)).json().viewCount).toBe(2);
    await t.composition.settled();
    expect((await get(t, `/api/projects/${id}`, owner.cookie)).json().viewCount).toBe(2);
    const mine = (await get(t, '/api/users/me/projects', owner.cookie)).json();
    expect(mine[0]).toMatchObject({ id, viewCount: 2 });
  });

  it('writes no view while answering the page: the rows arrive with the next batch, within a second', async () => {
    const id = await createProject(t, owner.cookie);
    const rows = async () =>
      Number(
        (
          await t.composition.orm.em
            .getConnection()
            .execute<{ n: string }[]>('select count(*) as n from project_views where project_id = ?', [id])
        )[0]?.n,
      );
    expect((await get(t, `/api/projects/${id}`, contractor.cookie)).json().viewCount).toBe(1);
    expect(await rows()).toBe(0);
    const deadline = Date.now() + 5_000;
    while ((await rows()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await rows()).toBe(1);
  });
});

describe('saved projects', () => {
  it('saves, counts, lists and unsaves; the owner cannot save their own project', async () => {
    const id = await createProject(t, owner.cookie);
    const second = await createProject(t, owner.cookie, { title: 'Paint a school hall' });
    expect((await put(`/api/projects/${id}/save`, contractor.cookie)).json()).toEqual({
      saved: true,
      saveCount: 1,
    });
    expect((await put(`/api/projects/${id}/save`, contractor.cookie)).json()).toEqual({
      saved: true,
      saveCount: 1,
    });
    await put(`/api/projects/${second}/save`, contractor.cookie);
    const vendor = await signUp(t, 'vendor');
    expect((await put(`/api/projects/${id}/save`, vendor.cookie)).json().saveCount).toBe(2);

    const saved = await get(t, '/api/users/me/saved-projects', contractor.cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().map((p: { id: string }) => p.id)).toEqual([second, id]);
    const detail = (await get(t, `/api/projects/${id}`, contractor.cookie)).json();
    expect(detail).toMatchObject({ savedByMe: true, saveCount: 2 });
    expect((await get(t, `/api/projects/${id}`, owner.cookie)).json().savedByMe).toBe(false);

    const removed = await send(t, 'DELETE', `/api/projects/${id}/save`, contractor.cookie);
    expect(removed.json()).toEqual({ saved: false, saveCount: 1 });
    expect((await get(t, '/api/users/me/saved-projects', contractor.cookie)).json()).toHaveLength(1);

    const own = await put(`/api/projects/${id}/save`, owner.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('OWN_PROJECT_SAVE');
    expect((await put(`/api/projects/${UNKNOWN_ID}/save`, contractor.cookie)).statusCode).toBe(404);
    expect((await put(`/api/projects/${id}/save`)).statusCode).toBe(401);
    expect((await put('/api/projects/not-a-uuid/save', contractor.cookie)).statusCode).toBe(400);
  });

  it('drops the saves of a deleted project', async () => {
    const id = await createProject(t, owner.cookie);
    await put(`/api/projects/${id}/save`, contractor.cookie);
    expect((await send(t, 'DELETE', `/api/projects/${id}`, owner.cookie)).statusCode).toBe(204);
    expect((await get(t, '/api/users/me/saved-projects', contractor.cookie)).json()).toEqual([]);
  });
});

describe('owner blocks', () => {
  it("carry the owner's real name, rating and review count on lists, the detail page and My Bids", async () => {
    const id = await createProject(t, owner.cookie);
    await placeBid(t, contractor.cookie, id);
    await t.composition.orm.em
      .getConnection()
      .execute(`update users set rating = 4.5, review_count = 2 where id = '${owner.id}'`);
    const owned = { id: owner.id, firstName: 'Client', lastName: 'Tester', rating: 4.5, reviewCount: 2 };
    expect((await get(t, `/api/projects/${id}`, contractor.cookie)).json().createdBy).toEqual(owned);
    expect((await get(t, '/api/projects?limit=5', contractor.cookie)).json()[0].createdBy).toEqual(owned);
    expect((await get(t, '/api/users/me/bids', contractor.cookie)).json()[0].project.owner).toEqual(owned);
  });
});

describe('thumbnails', () => {
  it('serves a small WebP of a stored image, and 404 for documents and unknown names', async () => {
    const big = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .png()
      .toBuffer();
    const id = await createProject(t, owner.cookie, {}, [
      { name: 'front.png', type: 'image/png', data: big },
      SAMPLE.pdf(),
    ]);
    const project = (await get(t, `/api/projects/${id}`, contractor.cookie)).json();
    const [image, pdf] = project.attachments;
    expect(image.thumbnailUrl).toBe(`/uploads/${image.name}/thumbnail`);
    expect(pdf.thumbnailUrl).toBeNull();

    const thumb = await get(t, image.thumbnailUrl, contractor.cookie);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeLessThanOrEqual(480);
    expect(meta.height).toBeLessThanOrEqual(360);
    expect(thumb.rawPayload.length).toBeLessThan(big.length);
    // Made once, then served from disk.
    expect((await get(t, image.thumbnailUrl, contractor.cookie)).rawPayload.equals(thumb.rawPayload)).toBe(
      true,
    );

    expect((await get(t, `/uploads/${pdf.name}/thumbnail`, contractor.cookie)).statusCode).toBe(404);
    expect((await get(t, `/uploads/${UNKNOWN_ID}.png/thumbnail`, contractor.cookie)).statusCode).toBe(404);
  });

  it('answers 404 for an image that cannot be read (the page shows the grey placeholder)', async () => {
    const id = await createProject(t, owner.cookie, {}, [SAMPLE.png()]);
    const [image] = (await get(t, `/api/projects/${id}`, owner.cookie)).json().attachments;
    expect((await get(t, image.thumbnailUrl, owner.cookie)).statusCode).toBe(404);
  });
});

describe('GET /api/landing', () => {
  it('needs no sign-in and shows the newest open projects, real figures, and no testimonials yet', async () => {
    const first = await createProject(t, owner.cookie, { title: 'Build a boat house' });
    const newest = await createProject(t, owner.cookie, { title: 'Posted a moment ago' });
    const res = await get(t, '/api/landing');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.featured.map((p: { id: string }) => p.id)).toEqual([newest, first]);
    expect(body.figures).toEqual({ projectsPosted: 2, contractorsRegistered: 1 });
    expect(body.testimonials).toEqual([]);
  });

  it('quotes real reviews rated 4 or more once three exist', async () => {
    const reviewers = [owner, await signUp(t, 'client'), await signUp(t, 'client')];
    const conn = t.composition.orm.em.getConnection();
    for (const [i, reviewer] of reviewers.entries()) {
      const project = await createProject(t, reviewer.cookie);
      await conn.execute(
        `insert into reviews (id, project_id, reviewer_id, reviewee_id, rating, comment, created_at)
         values (gen_random_uuid(), '${project}', '${reviewer.id}', '${contractor.id}', ${i === 0 ? 4 : 5},
           'Great crew number ${i}', now() + interval '${i} seconds')`,
      );
    }
    const body = (await get(t, '/api/landing')).json();
    expect(body.testimonials).toHaveLength(3);
    expect(body.testimonials[0]).toMatchObject({
      rating: 5,
      comment: 'Great crew number 2',
      reviewerFirstName: 'Client',
      reviewerRole: 'client',
    });
  });
});

describe('achievement progress', () => {
  it('starts a new contractor at zero: no points, no tier, 0 % in every category', async () => {
    const body = (await get(t, '/api/users/me/achievements', contractor.cookie)).json();
    expect(body.categories).toHaveLength(5);
    for (const c of body.categories) {
      expect(c).toMatchObject({ points: 0, tier: null, nextTier: 'bronze', nextTierPoints: 25, progress: 0 });
    }
  });
});
