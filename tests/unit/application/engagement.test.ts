import { beforeEach, describe, expect, it } from 'vitest';
import { ListSavedProjects, OpenProject, SaveProject, UnsaveProject } from '#application/engagement/index.ts';
import { aClient, aContractor, anAdmin, aProject, type Env, makeEnv } from '../../fakes/mothers.ts';

let env: Env;
const owner = aClient();
const contractor = aContractor('c1');

beforeEach(() => {
  env = makeEnv('2025-03-15T12:00:00Z');
  env.db.addUser(owner);
  env.db.addUser(contractor);
  env.db.addProject(aProject({ owner }));
});

async function open(viewer = contractor) {
  const view = await env.projectQuery.findView('project-1');
  if (!view) throw new Error('missing');
  return new OpenProject({ engagement: env.db.engagement, clock: env.clock, settings: env.settings }).execute(
    viewer,
    view,
  );
}

describe('OpenProject (views)', () => {
  it("never counts the owner's own views: a fresh project shows 0 to its owner", async () => {
    expect(await open(owner)).toEqual({ viewCount: 0, savedByMe: false });
    expect(await open(owner)).toEqual({ viewCount: 0, savedByMe: false });
  });

  it('counts one view per viewer per day, however often they open it', async () => {
    expect((await open()).viewCount).toBe(1);
    expect((await open()).viewCount).toBe(1);
    expect((await open(anAdmin())).viewCount).toBe(2);
  });

  it('counts the same viewer again on the next local day (America/Nassau), not at UTC midnight', async () => {
    env.clock.set(new Date('2025-03-15T23:30:00Z')); // 19:30 in Nassau, still the 15th
    await open();
    env.clock.set(new Date('2025-03-16T03:59:00Z')); // 23:59 on the 15th in Nassau
    expect((await open()).viewCount).toBe(1);
    env.clock.set(new Date('2025-03-16T04:01:00Z')); // 00:01 on the 16th in Nassau
    expect((await open()).viewCount).toBe(2);
  });

  it('says whether the viewer saved the project', async () => {
    await new SaveProject({
      projects: env.projectQuery,
      engagement: env.db.engagement,
      clock: env.clock,
    }).execute(contractor, 'project-1');
    expect((await open()).savedByMe).toBe(true);
    expect((await open(anAdmin())).savedByMe).toBe(false);
  });
});

describe('SaveProject / UnsaveProject / ListSavedProjects', () => {
  const save = () =>
    new SaveProject({ projects: env.projectQuery, engagement: env.db.engagement, clock: env.clock });
  const unsave = () => new UnsaveProject({ projects: env.projectQuery, engagement: env.db.engagement });
  const list = () =>
    new ListSavedProjects({ projects: env.projectQuery, engagement: env.db.engagement, hidden: env.hidden });

  it('saves once however often, counts the saves, and unsaves', async () => {
    expect(await save().execute(contractor, 'project-1')).toEqual({ saved: true, saveCount: 1 });
    expect(await save().execute(contractor, 'project-1')).toEqual({ saved: true, saveCount: 1 });
    expect(await save().execute(anAdmin(), 'project-1')).toEqual({ saved: true, saveCount: 2 });
    expect((await env.projectQuery.findView('project-1'))?.saveCount).toBe(2);
    expect(await unsave().execute(contractor, 'project-1')).toEqual({ saved: false, saveCount: 1 });
    expect(await unsave().execute(contractor, 'project-1')).toEqual({ saved: false, saveCount: 1 });
  });

  it('refuses the owner (403 OWN_PROJECT) and unknown projects (404)', async () => {
    await expect(save().execute(owner, 'project-1')).rejects.toMatchObject({
      kind: 'forbidden',
      code: 'OWN_PROJECT_SAVE',
    });
    await expect(save().execute(contractor, 'nope')).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    await expect(unsave().execute(contractor, 'nope')).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    expect(env.db.engagement.saves).toEqual([]);
  });

  it('lists the saved projects newest save first, only the caller’s', async () => {
    env.db.addProject(aProject({ id: 'project-2', owner }));
    await save().execute(contractor, 'project-1');
    env.clock.advance(60_000);
    await save().execute(contractor, 'project-2');
    expect((await list().execute(contractor)).map((v) => v.project.id)).toEqual(['project-2', 'project-1']);
    expect(await list().execute(anAdmin())).toEqual([]);
  });
});
