import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect as tcpConnect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { truncateAll } from '../support/database.ts';
import {
  buildMarketplaceApp,
  type Caller,
  createProject,
  editProject,
  get,
  type MarketplaceApp,
  multipart,
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

const projectCount = async () =>
  Number(
    (
      (await t.composition.orm.em.getConnection().execute('select count(*) as n from projects')) as Array<{
        n: string;
      }>
    )[0]?.n,
  );

describe('POST /api/projects', () => {
  it('posts the project with its files, stored under new names and described by their content', async () => {
    const res = await postProject(t, owner.cookie, projectData(), [
      SAMPLE.png(),
      SAMPLE.pdf(),
      SAMPLE.docx(),
    ]);
    expect(res.statusCode).toBe(201);
    const project = res.json();
    expect(project).toMatchObject({
      title: 'Re-roof a two-storey house',
      status: 'active',
      currentPhase: 'bidding',
      clientId: owner.id,
      budgetMin: '15000.00',
      budgetMax: '25000.00',
      location: 'Nassau, New Providence, Bahamas',
      createdBy: { id: owner.id, firstName: 'Client', lastName: 'Tester' },
      bidCount: 0,
      averageBid: null,
      takingBids: true,
      myBid: null,
    });
    expect(project.attachments).toHaveLength(3);
    const [png, pdf, docx] = project.attachments;
    expect(png).toMatchObject({ originalName: 'photo.png', mimeType: 'image/png', size: 256 });
    expect(png.name).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(png.url).toBe(`/uploads/${png.name}`);
    expect(pdf).toMatchObject({ originalName: 'Plan set.pdf', mimeType: 'application/pdf' });
    expect(docx.mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(readFileSync(join(t.uploadsDir, png.name))).toEqual(SAMPLE.png().data);

    const read = await get(t, `/api/projects/${project.id}`, contractor.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().attachments).toEqual(project.attachments);
  });

  it('reads projectData sent after the files too, and accepts all six file types', async () => {
    const files = [SAMPLE.jpeg(), SAMPLE.gif(), SAMPLE.webp(), SAMPLE.doc(), SAMPLE.pdf()];
    const body = await multipart(projectData(), files, { projectDataLast: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { ...body.headers, cookie: owner.cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().attachments.map((a: { mimeType: string }) => a.mimeType)).toEqual([
      'image/jpeg',
      'image/gif',
      'image/webp',
      'application/msword',
      'application/pdf',
    ]);
  });

  it('turns a date-only bid deadline into the end of that day in Nassau', async () => {
    const res = await postProject(t, owner.cookie, projectData({ bidDeadline: '2099-03-10', budgetMin: '' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().bidDeadline).toBe('2099-03-11T03:59:59.999Z');
    expect(res.json().budgetMin).toBeNull();
  });

  it('takes any Bahamian town, writes suggested towns and islands as the catalogue does, refuses a town without letters', async () => {
    const place = async (island: string | null, city: string) => {
      const res = await postProject(t, owner.cookie, projectData({ island, city }));
      expect(res.statusCode, res.body).toBe(201);
      const { island: i, city: c } = res.json() as { island: string | null; city: string | null };
      return [i, c];
    };
    expect(await place('New Providence', 'Palmdale')).toEqual(['New Providence', 'Palmdale']);
    expect(await place('New Providence', 'Cable Beach')).toEqual(['New Providence', 'Cable Beach']);
    expect(await place('new providence', 'nassau')).toEqual(['New Providence', 'Nassau']);
    expect(await place('Eleuthera', 'spanish  wells')).toEqual(['Eleuthera', 'Spanish Wells']);
    const refused = await postProject(t, owner.cookie, projectData({ city: '1234' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_CITY', field: 'city' });
  });

  it("one spelling per category: an edit to 'residential' is found by the Residential filter, in any case", async () => {
    const id = await createProject(t, owner.cookie);
    const posted = (await get(t, `/api/projects/${id}`, owner.cookie)).json() as { category: string };
    expect(posted.category).toBe('Construction');
    const construction = await get(t, '/api/projects?country=&category=construction', contractor.cookie);
    expect((construction.json() as { id: string }[]).map((p) => p.id)).toContain(id);
    expect((await editProject(t, owner.cookie, id, { category: 'residential' })).statusCode).toBe(200);
    for (const filter of ['Residential', 'residential', 'RESIDENTIAL']) {
      const found = await get(t, `/api/projects?country=&category=${filter}`, contractor.cookie);
      expect((found.json() as { id: string; category: string }[]).map((p) => [p.id, p.category])).toEqual([
        [id, 'Residential'],
      ]);
    }
  });

  it('answers 401 when signed out and stores nothing', async () => {
    const res = await postProject(t, '', projectData(), [SAMPLE.png()]);
    expect(res.statusCode).toBe(401);
    expect(t.storedFiles()).toEqual([]);
  });

  it('refuses contractors (403) and removes the files it had stored', async () => {
    const res = await postProject(t, contractor.cookie, projectData(), [SAMPLE.png()]);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CLIENTS_ONLY');
    expect(t.storedFiles()).toEqual([]);
    expect(await projectCount()).toBe(0);
  });

  it.each([
    [projectData({ title: 'Roof' }), 'title', 'Title must be at least 5 characters'],
    [projectData({ description: 'short' }), 'description', 'Description must be at least 20 characters'],
    [projectData({ projectStage: '' }), 'projectStage', 'Please select a project stage'],
    [projectData({ contractorNeeds: [] }), 'contractorNeeds', 'Please select at least one contractor need'],
    [projectData({ phases: [] }), 'phases', 'Please select at least one construction phase'],
    [projectData({ country: 'ZZ' }), 'country', "Unknown country code 'ZZ'"],
    [projectData({ budgetMin: 30000 }), 'budgetMin', 'Minimum budget cannot be greater than maximum budget'],
    [projectData({ tags: ['a', 'b', 'c', 'd', 'e', 'f'] }), 'tags', 'At most 5 tags allowed'],
    [
      projectData({ bidDeadline: '2000-01-01T00:00:00Z' }),
      'bidDeadline',
      'Bid deadline cannot be in the past',
    ],
    [projectData({ bidDeadline: 'next week' }), 'bidDeadline', 'bidDeadline is not a valid date'],
    [projectData({ tags: 'roofing' }), 'tags', 'tags must be array'],
    [projectData({ generalContractor: 'yes' }), 'generalContractor', 'generalContractor must be boolean'],
    [projectData({ budgetMax: true }), 'budgetMax', 'budgetMax has an invalid value'],
    [projectData({ phases: ['site_demo', 7] }), 'phases.1', 'phases.1 must be string'],
    ['{"title": ', 'projectData', 'projectData is not valid JSON'],
    ['[1, 2]', 'projectData', 'projectData must be a JSON object'],
    ['null', 'projectData', 'projectData must be a JSON object'],
  ])('answers 400 naming the field for %j and keeps no file', async (data, field, message) => {
    const res = await postProject(t, owner.cookie, data, [SAMPLE.png()]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, message });
    expect(t.storedFiles()).toEqual([]);
    expect(await projectCount()).toBe(0);
  });

  it('answers 400 without projectData and keeps no file', async () => {
    const body = await multipart(undefined, [SAMPLE.png()]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { ...body.headers, cookie: owner.cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'projectData', message: 'projectData is required' });
    expect(t.storedFiles()).toEqual([]);
  });

  it("refuses a sixth file: 'Maximum 5 files allowed'", async () => {
    const files = [SAMPLE.png(), SAMPLE.png(), SAMPLE.png(), SAMPLE.png(), SAMPLE.png(), SAMPLE.png()];
    const res = await postProject(t, owner.cookie, projectData(), files);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Maximum 5 files allowed',
      code: 'TOO_MANY_FILES',
      field: 'files',
    });
    expect(t.storedFiles()).toEqual([]);
  });

  it.each([
    [SAMPLE.exe(), 'setup.exe'],
    [SAMPLE.fakePng(), 'evil.png'],
    [{ ...SAMPLE.pdf(), name: 'plans.exe' }, 'plans.exe'],
    [{ ...SAMPLE.docx(), name: 'archive.zip' }, 'archive.zip'],
    [{ name: 'empty.pdf', data: Buffer.alloc(0) }, 'empty.pdf'],
  ])('refuses a file whose content is not an accepted type (%#), naming it', async (file, name) => {
    const res = await postProject(t, owner.cookie, projectData(), [SAMPLE.png(), file]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', field: 'files' });
    expect(res.json().message).toContain(name);
    expect(t.storedFiles()).toEqual([]);
  });

  it('refuses a file over 80 MB with 413 and keeps nothing, not even the part written', async () => {
    const big = Buffer.alloc(80 * 1024 * 1024 + 1, 1);
    big.set([0x25, 0x50, 0x44, 0x46, 0x2d]); // %PDF-
    const res = await postProject(t, owner.cookie, projectData(), [
      SAMPLE.png(),
      { name: 'huge.pdf', data: big },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'huge.pdf exceeds 80MB limit',
      code: 'FILE_TOO_LARGE',
      field: 'files',
    });
    expect(t.storedFiles()).toEqual([]);
    expect(await projectCount()).toBe(0);
  });

  it('asks for multipart when JSON is sent, and refuses files under another field name', async () => {
    const json = await send(t, 'POST', '/api/projects', owner.cookie, projectData());
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ code: 'MULTIPART_REQUIRED', field: 'projectData' });

    const body = await multipart(projectData(), [SAMPLE.png()], { fileField: 'attachment' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { ...body.headers, cookie: owner.cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UNEXPECTED_FILE_FIELD', field: 'attachment' });
  });
});

describe('a post whose upload stops half-way (Cancel in the form, a dropped connection)', () => {
  it('leaves no project and no files behind', async () => {
    const body = await multipart(projectData({ title: 'Cancelled while uploading' }), [
      {
        name: 'plans.pdf',
        type: 'application/pdf',
        data: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3 * 1024 * 1024, 7)]),
      },
    ]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const head = [
      'POST /api/projects HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Cookie: ${owner.cookie}`,
      `Content-Type: ${body.headers['content-type']}`,
      `Content-Length: ${body.payload.length}`,
      '',
      '',
    ].join('\r\n');
    // Send the headers, projectData and about a third of the file, then drop the connection.
    await new Promise<void>((resolve) => {
      const socket = tcpConnect(port, '127.0.0.1', () => {
        socket.write(head);
        socket.write(body.payload.subarray(0, 1024 * 1024), () => setTimeout(() => socket.destroy(), 150));
      });
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    // The server notices the cut, and cleans up what it had stored.
    await expect.poll(() => t.storedFiles(), { timeout: 5000, interval: 50 }).toEqual([]);
    await t.composition.settled();
    const mine = await get(t, '/api/users/me/projects', owner.cookie);
    expect(mine.json()).toEqual([]);
  });
});

describe('GET /api/projects', () => {
  beforeEach(async () => {
    await createProject(t, owner.cookie, { title: 'Small bathroom refit', budgetMin: 1000, budgetMax: 4000 });
    await createProject(t, owner.cookie, {
      title: 'Kitchen renovation',
      budgetMin: 6000,
      budgetMax: 20000,
      category: 'Residential',
    });
    await createProject(t, owner.cookie, {
      title: 'Warehouse slab and steel',
      country: 'US',
      island: null,
      city: 'Austin',
      budgetMin: 40000,
      budgetMax: null,
    });
  });

  const titles = (res: { json(): Array<{ title: string }> }) => res.json().map((p) => p.title);

  it('lists newest first with the total in X-Total-Count; an empty country means all', async () => {
    const res = await get(t, '/api/projects?country=', contractor.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers.link).toBeUndefined();
    expect(titles(res)).toEqual(['Warehouse slab and steel', 'Kitchen renovation', 'Small bathroom refit']);
    expect(res.json()[0]).toMatchObject({ budgetMin: '40000.00', budgetMax: null, attachments: [] });
  });

  it.each([
    ['country=BS', ['Kitchen renovation', 'Small bathroom refit']],
    ['q=KITCHEN', ['Kitchen renovation']],
    ['category=Residential', ['Kitchen renovation']],
    ['budget=1k-5k', ['Small bathroom refit']],
    ['budget=5k-25k', ['Kitchen renovation']],
    ['budget=25k%2B', ['Warehouse slab and steel']],
    ['status=cancelled', []],
    ['budget=all&status=', ['Warehouse slab and steel', 'Kitchen renovation', 'Small bathroom refit']],
  ])('filters with %s', async (query, expected) => {
    const res = await get(t, `/api/projects?${query}`, contractor.cookie);
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(expected);
    expect(res.headers['x-total-count']).toBe(String(expected.length));
  });

  it('pages with limit and the Link rel="next" cursor, keeping the filters', async () => {
    const first = await get(t, '/api/projects?limit=2&q=re', contractor.cookie);
    expect(titles(first)).toEqual(['Warehouse slab and steel', 'Kitchen renovation']);
    expect(first.headers['x-total-count']).toBe('3');
    const link = String(first.headers.link);
    const match = /^<(\/api\/projects\?[^>]+)>; rel="next"$/.exec(link);
    expect(match).not.toBeNull();
    const next = new URL(match?.[1] as string, 'http://x');
    expect(next.searchParams.get('limit')).toBe('2');
    expect(next.searchParams.get('q')).toBe('re');
    const second = await get(t, match?.[1] as string, contractor.cookie);
    expect(titles(second)).toEqual(['Small bathroom refit']);
    expect(second.headers.link).toBeUndefined();
  });

  it.each([
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['limit=ten', 'limit'],
    ['budget=cheap', 'budget'],
    ['status=open', 'status'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await get(t, `/api/projects?${query}`, contractor.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('answers 401 when signed out', async () => {
    expect((await get(t, '/api/projects')).statusCode).toBe(401);
  });
});

describe('GET /api/projects/{id}', () => {
  it("shows a bidder their own bid as myBid, and others' bids to nobody", async () => {
    const id = await createProject(t, owner.cookie);
    await placeBid(t, contractor.cookie, id, { amount: 12000.5 });
    const other = await signUp(t, 'vendor');

    const mine = (await get(t, `/api/projects/${id}`, contractor.cookie)).json();
    expect(mine.myBid).toMatchObject({ contractorId: contractor.id, amount: '12000.50', status: 'pending' });
    expect(mine).toMatchObject({ bidCount: 1, averageBid: '12000.50' });
    expect((await get(t, `/api/projects/${id}`, other.cookie)).json().myBid).toBeNull();
    expect((await get(t, `/api/projects/${id}`, owner.cookie)).json().myBid).toBeNull();
  });

  it("answers 404 'Project not found', 400 for a malformed id and 401 when signed out", async () => {
    const missing = await get(t, `/api/projects/${UNKNOWN_ID}`, owner.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Project not found', code: 'PROJECT_NOT_FOUND' });
    const malformed = await get(t, '/api/projects/not-a-uuid', owner.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe('id');
    const id = await createProject(t, owner.cookie);
    expect((await get(t, `/api/projects/${id}`)).statusCode).toBe(401);
  });
});

describe('PATCH /api/projects/{id}', () => {
  it('edits the given fields, keeps the listed files, adds new ones and deletes the dropped ones', async () => {
    const created = (await postProject(t, owner.cookie, projectData(), [SAMPLE.png(), SAMPLE.pdf()])).json();
    const [keep, drop] = created.attachments;
    const res = await editProject(
      t,
      owner.cookie,
      created.id,
      { title: 'Re-roof and insulate the house', budgetMax: '30000.5', attachments: [keep.name] },
      [SAMPLE.docx()],
    );
    expect(res.statusCode).toBe(200);
    const edited = res.json();
    expect(edited).toMatchObject({
      title: 'Re-roof and insulate the house',
      budgetMax: '30000.50',
      description: created.description,
      tags: created.tags,
    });
    expect(edited.attachments.map((a: { originalName: string }) => a.originalName)).toEqual([
      'photo.png',
      'scope.docx',
    ]);
    expect(existsSync(join(t.uploadsDir, drop.name))).toBe(false);
    expect(existsSync(join(t.uploadsDir, keep.name))).toBe(true);
    expect((await get(t, drop.url, owner.cookie)).statusCode).toBe(404);
  });

  it('keeps every file when attachments is left out, counting them against the limit', async () => {
    const files = [SAMPLE.png(), SAMPLE.png(), SAMPLE.png(), SAMPLE.png()];
    const id = await createProject(t, owner.cookie, {}, files);
    const before = t.storedFiles();
    const res = await editProject(t, owner.cookie, id, { title: 'Still five files max' }, [
      SAMPLE.pdf(),
      SAMPLE.pdf(),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'TOO_MANY_FILES',
      message: 'Maximum 5 files allowed. You currently have 4 files.',
    });
    expect(t.storedFiles()).toEqual(before);

    // The same count when projectData comes after the files.
    const late = await editProject(
      t,
      owner.cookie,
      id,
      { title: 'Still five files max' },
      [SAMPLE.pdf(), SAMPLE.pdf()],
      {
        projectDataLast: true,
      },
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Maximum 5 files allowed. You currently have 4 files.');
    expect(t.storedFiles()).toEqual(before);
  });

  it("refuses another user's edit (403) and removes the files it stored", async () => {
    const id = await createProject(t, owner.cookie);
    const intruder = await signUp(t, 'client');
    const res = await editProject(t, intruder.cookie, id, { title: 'Hijacked title' }, [SAMPLE.png()]);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NOT_PROJECT_OWNER');
    expect(t.storedFiles()).toEqual([]);
  });

  it('answers 400 for a file the project does not have, 404 for an unknown project, 401 signed out', async () => {
    const id = await createProject(t, owner.cookie);
    const unknown = await editProject(t, owner.cookie, id, { attachments: ['x.png'] }, [SAMPLE.png()]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_ATTACHMENT', field: 'attachments' });
    expect(t.storedFiles()).toEqual([]);

    const missing = await editProject(t, owner.cookie, UNKNOWN_ID, { title: 'Nothing here' }, [SAMPLE.png()]);
    expect(missing.statusCode).toBe(404);
    expect(t.storedFiles()).toEqual([]);
    expect((await editProject(t, '', id, { title: 'Signed out' })).statusCode).toBe(401);
  });

  it('answers 409 once the project is awarded', async () => {
    const id = await createProject(t, owner.cookie);
    const bidId = await placeBid(t, contractor.cookie, id);
    await send(t, 'PATCH', `/api/bids/${bidId}/status`, owner.cookie, { status: 'accepted' });
    const res = await editProject(t, owner.cookie, id, { title: 'Too late to edit' }, [SAMPLE.png()]);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PROJECT_NOT_EDITABLE');
    expect(t.storedFiles()).toEqual([]);
  });
});

describe('DELETE /api/projects/{id}', () => {
  it('deletes the project, its bids and its files; only the owner may', async () => {
    const created = (await postProject(t, owner.cookie, projectData(), [SAMPLE.png()])).json();
    await placeBid(t, contractor.cookie, created.id);

    const refused = await send(t, 'DELETE', `/api/projects/${created.id}`, contractor.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NOT_PROJECT_OWNER');

    const res = await send(t, 'DELETE', `/api/projects/${created.id}`, owner.cookie);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await get(t, `/api/projects/${created.id}`, owner.cookie)).statusCode).toBe(404);
    expect((await get(t, '/api/users/me/bids', contractor.cookie)).json()).toEqual([]);
    expect(t.storedFiles()).toEqual([]);
    // The bidder is told that the project is gone.
    const told = (await get(t, '/api/notifications', contractor.cookie)).json() as Array<{
      title: string;
      message: string;
    }>;
    expect(told.find((n) => n.title === 'Project deleted')?.message).toContain(
      'which you bid on, was deleted',
    );

    const again = await send(t, 'DELETE', `/api/projects/${created.id}`, owner.cookie);
    expect(again.statusCode).toBe(404);
    expect((await send(t, 'DELETE', `/api/projects/${created.id}`, undefined)).statusCode).toBe(401);
  });
});

describe('phase, cancel and review', () => {
  async function awarded(): Promise<{ id: string; bidId: string }> {
    const id = await createProject(t, owner.cookie);
    const bidId = await placeBid(t, contractor.cookie, id);
    const res = await send(t, 'PATCH', `/api/bids/${bidId}/status`, owner.cookie, { status: 'accepted' });
    expect(res.statusCode).toBe(200);
    return { id, bidId };
  }
  const move = (id: string, phase: string, cookie = owner.cookie) =>
    send(t, 'POST', `/api/projects/${id}/phase`, cookie, { phase });

  it('moves awarded → in_progress → review → completed, then takes one review of the contractor', async () => {
    const { id, bidId } = await awarded();
    expect((await get(t, `/api/projects/${id}`, owner.cookie)).json()).toMatchObject({
      currentPhase: 'awarded',
      acceptedBidId: bidId,
      awardedContractorId: contractor.id,
      takingBids: false,
    });
    for (const phase of ['in_progress', 'review']) {
      const res = await move(id, phase);
      expect(res.statusCode).toBe(200);
      expect(res.json().currentPhase).toBe(phase);
    }
    const done = await move(id, 'completed');
    expect(done.json()).toMatchObject({ currentPhase: 'completed', status: 'completed', review: null });
    // The contractor was told of each step.
    const told = (await get(t, '/api/notifications', contractor.cookie)).json() as Array<{
      title: string;
      relatedEntityId: string;
    }>;
    expect(told.filter((n) => n.relatedEntityId === id).map((n) => n.title)).toEqual(
      expect.arrayContaining(['Work started', 'Sent for review', 'Project completed']),
    );

    const review = await send(t, 'POST', `/api/projects/${id}/reviews`, owner.cookie, {
      rating: 5,
      comment: 'On time and tidy.',
    });
    expect(review.statusCode).toBe(201);
    expect(review.json()).toMatchObject({
      projectId: id,
      reviewerId: owner.id,
      revieweeId: contractor.id,
      rating: 5,
      comment: 'On time and tidy.',
    });
    const me = (await get(t, '/api/auth/user', contractor.cookie)).json();
    expect(me).toMatchObject({ rating: 5, reviewCount: 1 });
    // The project page shows the review, so the owner is not offered a second one.
    expect((await get(t, `/api/projects/${id}`, owner.cookie)).json().review).toEqual({
      rating: 5,
      comment: 'On time and tidy.',
      createdAt: expect.any(String),
    });

    const twice = await send(t, 'POST', `/api/projects/${id}/reviews`, owner.cookie, { rating: 4 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('REVIEW_ALREADY_EXISTS');

    // The contractor reads it on their profile, with the project and who wrote it; the owner has none.
    const received = (await get(t, '/api/users/me/reviews', contractor.cookie)).json();
    expect(received).toEqual([
      expect.objectContaining({
        rating: 5,
        comment: 'On time and tidy.',
        projectId: id,
        projectTitle: expect.any(String),
        reviewerName: expect.stringMatching(/\S/),
      }),
    ]);
    expect((await get(t, '/api/users/me/reviews', owner.cookie)).json()).toEqual([]);
    expect((await get(t, '/api/users/me/reviews', '')).statusCode).toBe(401);
  });

  it('refuses skipped phases (409), strangers (403), unknown phases (400) and unknown projects (404)', async () => {
    const { id } = await awarded();
    const skipped = await move(id, 'completed');
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().code).toBe('INVALID_PHASE_TRANSITION');
    const stranger = await move(id, 'in_progress', contractor.cookie);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().code).toBe('NOT_PROJECT_OWNER');
    const unknown = await move(id, 'demolished');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('phase');
    expect((await move(UNKNOWN_ID, 'in_progress')).statusCode).toBe(404);
    expect((await move(id, 'in_progress', '')).statusCode).toBe(401);
  });

  it('reviews: only of a completed project, by its owner, with a whole rating 1..5', async () => {
    const { id } = await awarded();
    const early = await send(t, 'POST', `/api/projects/${id}/reviews`, owner.cookie, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('PROJECT_NOT_COMPLETED');
    for (const phase of ['in_progress', 'review', 'completed']) await move(id, phase);
    const stranger = await send(t, 'POST', `/api/projects/${id}/reviews`, contractor.cookie, { rating: 5 });
    expect(stranger.statusCode).toBe(403);
    for (const rating of [0, 6, 4.5, 'five']) {
      const res = await send(t, 'POST', `/api/projects/${id}/reviews`, owner.cookie, { rating });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('rating');
    }
    const long = await send(t, 'POST', `/api/projects/${id}/reviews`, owner.cookie, {
      rating: 3,
      comment: 'x'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('comment');
    expect(
      (await send(t, 'POST', `/api/projects/${UNKNOWN_ID}/reviews`, owner.cookie, { rating: 5 })).statusCode,
    ).toBe(404);
  });

  it('cancels an active project and rejects its pending bids; not twice, not by others', async () => {
    const id = await createProject(t, owner.cookie);
    const bidId = await placeBid(t, contractor.cookie, id);
    const stranger = await send(t, 'POST', `/api/projects/${id}/cancel`, contractor.cookie);
    expect(stranger.statusCode).toBe(403);

    const res = await send(t, 'POST', `/api/projects/${id}/cancel`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', takingBids: false });
    const bids = (await get(t, `/api/projects/${id}/bids`, owner.cookie)).json();
    expect(bids).toEqual([expect.objectContaining({ id: bidId, status: 'rejected' })]);

    const again = await send(t, 'POST', `/api/projects/${id}/cancel`, owner.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PROJECT_NOT_CANCELLABLE');
    expect((await send(t, 'POST', `/api/projects/${UNKNOWN_ID}/cancel`, owner.cookie)).statusCode).toBe(404);
  });
});

describe('GET /api/projects search: words by stem and prefix, in any order, and "Did you mean" (decision 0214)', () => {
  beforeEach(async () => {
    for (const [title, description] of [
      ['Kitchen backsplash and tile floor', 'Remove the old tiles, then lay porcelain.'],
      ['Basement waterproofing', 'Seal the walls and add a sump pump.'],
      ['Roof repair after the storm', 'Shingles blew off the garage.'],
      ['Bathroom refit', 'New tub, new kitchen-style cabinet, a heated towel rail.'],
      ['Driveway pavers', 'Lay interlocking pavers on a cement base.'],
    ] as const) {
      await createProject(t, owner.cookie, { title, description });
    }
  });

  const titles = (res: { json(): Array<{ title: string }> }) =>
    res
      .json()
      .map((p) => p.title)
      .sort();

  it.each([
    ['itche', []],
    ['oof', []],
    ['roofing', ['Roof repair after the storm']],
    ['kitch', ['Bathroom refit', 'Kitchen backsplash and tile floor']],
    ['water', ['Basement waterproofing']],
    ['kitchen tile', ['Kitchen backsplash and tile floor']],
    ['TILE  Kitchen', ['Kitchen backsplash and tile floor']],
    ['"tile floor"', ['Kitchen backsplash and tile floor']],
    ['pump seal', ['Basement waterproofing']],
    ['pavers or pump', ['Basement waterproofing', 'Driveway pavers']],
    ['kitchen -tile', ['Bathroom refit']],
    ['kitchen storm', []],
  ])("q='%s' finds the projects holding every word", async (q, expected) => {
    const res = await get(t, `/api/projects?q=${encodeURIComponent(q)}`, contractor.cookie);
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(expected);
    expect(res.headers['x-total-count']).toBe(String(expected.length));
    expect(res.headers['x-did-you-mean']).toBeUndefined();
  });

  it('answers a search that finds nothing with X-Did-You-Mean, the corrected search that finds projects', async () => {
    const res = await get(t, `/api/projects?q=${encodeURIComponent('Kitchn Flor')}`, contractor.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
    expect(decodeURIComponent(String(res.headers['x-did-you-mean']))).toBe('kitchen floor');
    const corrected = await get(t, `/api/projects?q=${res.headers['x-did-you-mean']}`, contractor.cookie);
    expect(titles(corrected)).toEqual(['Kitchen backsplash and tile floor']);
    // Nothing near, or a correction that finds nothing with the same filters: no header.
    for (const query of ['q=zzqxv', 'q=kitchn&country=JM', 'q=kitchn&status=completed']) {
      const none = await get(t, `/api/projects?${query}`, contractor.cookie);
      expect(none.statusCode, query).toBe(200);
      expect(none.headers['x-did-you-mean'], query).toBeUndefined();
    }
  });
});
