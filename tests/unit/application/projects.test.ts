import { beforeEach, describe, expect, it } from 'vitest';
import {
  CancelProject,
  DeleteProject,
  EditProject,
  GetProject,
  ListProjects,
  MoveProjectPhase,
  PostProject,
} from '#application/projects/index.ts';
import { Review } from '#domain/review/review.ts';
import {
  aBid,
  aClient,
  aContractor,
  aFile,
  anAdmin,
  aProject,
  DAY,
  type Env,
  makeEnv,
  NOW,
  validProjectInput,
} from '../../fakes/mothers.ts';

let env: Env;
const owner = aClient();

beforeEach(() => {
  env = makeEnv();
  env.db.addUser(owner);
});

function seedProjectWithBids() {
  const project = aProject({ owner, files: [aFile({ name: 'f1' }), aFile({ name: 'f2' })] });
  env.db.addProject(project);
  const b1 = aBid({ id: 'b1', project, bidder: aContractor('c1') });
  const b2 = aBid({ id: 'b2', project, bidder: aContractor('c2') });
  env.db.addBid(b1);
  env.db.addBid(b2);
  return { project, b1, b2 };
}

describe('PostProject', () => {
  const make = () => new PostProject({ uow: env.uow, files: env.storage, ids: env.ids, clock: env.clock });

  it('stores the project and publishes ProjectPosted after commit', async () => {
    const project = await make().execute(owner, { ...validProjectInput(), files: [aFile({ name: 'plan' })] });
    expect(env.db.project(project.id)).toMatchObject({
      status: 'active',
      currentPhase: 'bidding',
      attachments: ['plan'],
    });
    expect(env.events.types()).toEqual(['project_posted']);
  });

  it('removes the already-stored files and publishes nothing when the input is invalid', async () => {
    await expect(
      make().execute(owner, { ...validProjectInput({ title: 'abc' }), files: [aFile({ name: 'orphan' })] }),
    ).rejects.toMatchObject({ code: 'TITLE_TOO_SHORT' });
    expect(env.storage.removed).toEqual(['orphan']);
    expect(env.db.projects.rows.size).toBe(0);
    expect(env.events.published).toEqual([]);
  });

  it('publishes nothing when the commit fails', async () => {
    env.uow.failNextCommit = true;
    await expect(make().execute(owner, validProjectInput())).rejects.toThrow('commit failed');
    expect(env.events.published).toEqual([]);
    expect(env.db.projects.rows.size).toBe(0);
  });

  it('refuses contractors', async () => {
    await expect(make().execute(aContractor(), validProjectInput())).rejects.toMatchObject({
      code: 'CLIENTS_ONLY',
    });
  });

  it('still reports the real error when removing the files fails too', async () => {
    env.storage.failRemove = true;
    await expect(
      make().execute(owner, { ...validProjectInput({ title: '' }), files: [aFile()] }),
    ).rejects.toMatchObject({ code: 'TITLE_TOO_SHORT' });
  });
});

describe('EditProject', () => {
  const make = () => new EditProject({ uow: env.uow, files: env.storage, clock: env.clock });

  it('saves the changes and deletes the dropped files after commit', async () => {
    const { project } = seedProjectWithBids();
    const edited = await make().execute(owner, project.id, {
      title: 'Updated kitchen',
      attachments: ['f1'],
      newFiles: [aFile({ name: 'f3' })],
    });
    expect(edited.toSnapshot().title).toBe('Updated kitchen');
    expect(env.db.project(project.id)?.attachments).toEqual(['f1', 'f3']);
    expect(env.storage.removed).toEqual(['f2']);
  });

  it('removes the new files and keeps the old state when the edit is refused', async () => {
    const { project } = seedProjectWithBids();
    await expect(
      make().execute(aClient('intruder'), project.id, {
        title: 'Hijacked title',
        newFiles: [aFile({ name: 'x' })],
      }),
    ).rejects.toMatchObject({ code: 'NOT_PROJECT_OWNER' });
    expect(env.storage.removed).toEqual(['x']);
    expect(env.db.project(project.id)?.title).toBe('Kitchen renovation');
  });

  it('answers 404 for an unknown project', async () => {
    await expect(make().execute(owner, 'nope', { title: 'Whatever title' })).rejects.toMatchObject({
      code: 'PROJECT_NOT_FOUND',
      kind: 'not_found',
    });
  });
});

describe('DeleteProject', () => {
  const make = () => new DeleteProject({ uow: env.uow, files: env.storage, clock: env.clock });

  it('removes the project, its bids and files; keeps messages and reviews with projectId cleared', async () => {
    const { project } = seedProjectWithBids();
    env.db.messages.rows.set('m1', { id: 'm1', projectId: project.id, content: 'About the kitchen' });
    env.db.messages.rows.set('m2', { id: 'm2', projectId: 'other', content: 'Other' });
    env.db.reviews.rows.set(
      'r1',
      Review.restore({
        id: 'r1',
        projectId: project.id,
        reviewerId: owner.id,
        revieweeId: 'c1',
        rating: 5,
        comment: null,
        createdAt: NOW,
      }).toSnapshot(),
    );

    await make().execute(owner, project.id);

    expect(env.db.project(project.id)).toBeUndefined();
    expect(env.db.bids.rows.size).toBe(0);
    expect(env.db.messages.rows.get('m1')).toEqual({
      id: 'm1',
      projectId: null,
      content: 'About the kitchen',
    });
    expect(env.db.messages.rows.get('m2')?.projectId).toBe('other');
    expect(env.db.reviews.rows.get('r1')?.projectId).toBeNull();
    expect(env.storage.removed).toEqual(['f1', 'f2']);
    expect(env.events.published).toEqual([
      expect.objectContaining({ type: 'project_deleted', projectId: project.id, attachments: ['f1', 'f2'] }),
    ]);
  });

  it('lets only the owner delete, and changes nothing otherwise', async () => {
    const { project } = seedProjectWithBids();
    for (const actor of [anAdmin(), aContractor('c1')]) {
      await expect(make().execute(actor, project.id)).rejects.toMatchObject({ code: 'NOT_PROJECT_OWNER' });
    }
    expect(env.db.bids.rows.size).toBe(2);
    expect(env.storage.removed).toEqual([]);
  });

  it('keeps the delete when removing files fails', async () => {
    const { project } = seedProjectWithBids();
    env.storage.failRemove = true;
    await make().execute(owner, project.id);
    expect(env.db.project(project.id)).toBeUndefined();
  });

  it('answers 404 for an unknown project', async () => {
    await expect(make().execute(owner, 'nope')).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });
});

describe('GetProject and ListProjects', () => {
  it('returns the project with derived bid count, average bid and whether it takes bids', async () => {
    const { project } = seedProjectWithBids();
    const view = await new GetProject({
      projects: env.projectQuery,
      hidden: env.hidden,
      clock: env.clock,
      suspensions: env.suspensions,
    }).execute(aContractor('c9'), project.id);
    expect(view).toMatchObject({
      bidCount: 2,
      averageBidCents: 1_250_000,
      takingBids: true,
      createdBy: { id: owner.id, firstName: 'Ann', lastName: 'Lee' },
    });
    await expect(
      new GetProject({
        projects: env.projectQuery,
        hidden: env.hidden,
        clock: env.clock,
        suspensions: env.suspensions,
      }).execute(owner, 'nope'),
    ).rejects.toMatchObject({
      code: 'PROJECT_NOT_FOUND',
    });
  });

  it('says a project whose bid deadline passed takes no bids', async () => {
    const project = aProject({ owner, bidDeadline: new Date(NOW.getTime() + DAY) });
    env.db.addProject(project);
    env.clock.advance(2 * DAY);
    const view = await new GetProject({
      projects: env.projectQuery,
      hidden: env.hidden,
      clock: env.clock,
      suspensions: env.suspensions,
    }).execute(owner, project.id);
    expect(view.takingBids).toBe(false);
    expect(view.averageBidCents).toBeNull();
  });

  it('lists with the filter rules and pages with a cursor', async () => {
    for (let i = 1; i <= 3; i++) {
      env.db.addProject(
        aProject({
          id: `p${i}`,
          owner,
          now: new Date(NOW.getTime() + i),
          budgetMin: 30000,
          budgetMax: 50000,
        }),
      );
    }
    env.db.addProject(aProject({ id: 'small', owner, budgetMin: 1000, budgetMax: 4000 }));
    const list = new ListProjects({
      projects: env.projectQuery,
      vocabulary: env.vocabulary,
      hidden: env.hidden,
    });
    const first = await list.execute(owner, { budget: '25k+', limit: 2, country: '' });
    expect(first.page.total).toBe(3);
    expect(first.page.items.map((v) => v.project.id)).toEqual(['p3', 'p2']);
    const second = await list.execute(owner, { budget: '25k+', limit: 2, cursor: first.page.nextCursor });
    expect(second.page.items.map((v) => v.project.id)).toEqual(['p1']);
    expect(second.page.nextCursor).toBeNull();
    expect((await list.execute(owner, { budget: '1k-5k' })).page.items.map((v) => v.project.id)).toEqual([
      'small',
    ]);
    await expect(list.execute(owner, { budget: 'cheap' })).rejects.toMatchObject({
      code: 'UNKNOWN_BUDGET_BAND',
    });
  });

  it('suggests a corrected search when a search finds nothing, only when the correction finds projects with the same filters (decision 0214)', async () => {
    env.db.addProject(
      aProject({
        id: 'k',
        owner,
        title: 'Kitchen remodel',
        description: 'New cabinets and worktops throughout.',
        country: 'BS',
      }),
    );
    env.db.addProject(
      aProject({
        id: 'r',
        owner,
        title: 'Roof repair after the storm',
        description: 'Shingles lost on the north side.',
        country: 'JM',
      }),
    );
    const list = new ListProjects({
      projects: env.projectQuery,
      vocabulary: env.vocabulary,
      hidden: env.hidden,
    });

    const missed = await list.execute(owner, { q: 'Kitchn' });
    expect(missed.page.total).toBe(0);
    expect(missed.suggestion).toBe('kitchen');
    expect((await list.execute(owner, { q: missed.suggestion })).page.items.map((v) => v.project.id)).toEqual(
      ['k'],
    );
    // Found something: no suggestion. A correction that finds nothing under the same filters: none either.
    expect((await list.execute(owner, { q: 'kitchen' })).suggestion).toBeNull();
    expect((await list.execute(owner, { q: 'kitchn', country: 'JM' })).suggestion).toBeNull();
    // Nothing near enough in the projects' words.
    expect((await list.execute(owner, { q: 'zzqx' })).suggestion).toBeNull();
    // Each misspelt word is corrected; quotes and known words are kept.
    expect((await list.execute(owner, { q: '"roof repar"' })).suggestion).toBe('"roof repair"');
  });
});

describe('MoveProjectPhase and CancelProject', () => {
  it('moves to completed and publishes project_completed for the awarded contractor', async () => {
    const project = aProject({ owner });
    project.acceptBid(owner, aBid({ project, bidder: aContractor('c1') }), [], NOW);
    env.db.addProject(project);
    const move = new MoveProjectPhase({ uow: env.uow, clock: env.clock });
    for (const to of ['in_progress', 'review', 'completed']) await move.execute(owner, project.id, to);
    expect(env.db.project(project.id)).toMatchObject({ status: 'completed', currentPhase: 'completed' });
    expect(env.events.published.at(-1)).toMatchObject({ type: 'project_completed', recipientId: 'c1' });
    await expect(move.execute(owner, 'nope', 'review')).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });

  it('refuses a skipped phase without saving', async () => {
    const project = aProject({ owner });
    project.acceptBid(owner, aBid({ project }), [], NOW);
    env.db.addProject(project);
    await expect(
      new MoveProjectPhase({ uow: env.uow, clock: env.clock }).execute(owner, project.id, 'completed'),
    ).rejects.toMatchObject({
      code: 'INVALID_PHASE_TRANSITION',
    });
    expect(env.db.project(project.id)?.currentPhase).toBe('awarded');
    expect(env.events.published).toEqual([]);
  });

  it('cancels and stores the pending bids as rejected, telling each bidder', async () => {
    const { project } = seedProjectWithBids();
    const cancel = new CancelProject({ uow: env.uow, clock: env.clock });
    await cancel.execute(owner, project.id);
    expect(env.db.project(project.id)?.status).toBe('cancelled');
    expect(env.db.bid('b1')?.status).toBe('rejected');
    expect(env.db.bid('b2')?.status).toBe('rejected');
    expect(env.events.types()).toEqual(['project_cancelled', 'bid_rejected', 'bid_rejected']);
    await expect(cancel.execute(owner, 'nope')).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });
});
