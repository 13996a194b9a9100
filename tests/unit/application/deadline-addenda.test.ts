import { beforeEach, describe, expect, it } from 'vitest';
import { EditBid, SubmitBid } from '#application/bids/index.ts';
import { ChangeBidDeadline, DeleteProject, ListAddenda, PostAddendum } from '#application/projects/index.ts';
import {
  aBid,
  aClient,
  aContractor,
  aFile,
  aProject,
  DAY,
  type Env,
  makeEnv,
  NOW,
} from '../../fakes/mothers.ts';

let env: Env;
const owner = aClient();
const later = (days: number) => new Date(NOW.getTime() + days * DAY);

beforeEach(() => {
  env = makeEnv();
  env.db.addUser(owner);
});

function seed(bidDeadline: Date | null = later(1)) {
  const project = aProject({ owner, bidDeadline });
  env.db.addProject(project);
  const c1 = aContractor('c1');
  const c2 = aContractor('c2');
  env.db.addUser(c1);
  env.db.addUser(c2);
  env.db.addBid(aBid({ id: 'b1', project, bidder: c1 }));
  env.db.addBid(aBid({ id: 'b2', project, bidder: c2 }));
  return { project, c1, c2 };
}

describe('ChangeBidDeadline', () => {
  const make = () => new ChangeBidDeadline({ uow: env.uow, clock: env.clock });

  it('stores the later deadline, keeps the pending bids and tells every bidder after commit', async () => {
    const { project } = seed();
    await make().execute(owner, project.id, later(6));
    expect(env.db.project(project.id)?.bidDeadline).toEqual(later(6));
    expect([env.db.bid('b1')?.status, env.db.bid('b2')?.status]).toEqual(['pending', 'pending']);
    expect(env.events.published).toMatchObject([
      { type: 'bid_deadline_changed', bidDeadline: later(6), recipientIds: ['c1', 'c2'] },
    ]);
  });

  it('refuses to shorten it while bids exist: nothing written, nothing published', async () => {
    const { project } = seed(later(5));
    await expect(make().execute(owner, project.id, later(2))).rejects.toMatchObject({
      code: 'BID_DEADLINE_SHORTENED',
    });
    expect(env.db.project(project.id)?.bidDeadline).toEqual(later(5));
    expect(env.events.published).toEqual([]);
  });

  it('answers 404 for an unknown project and 403 for someone else', async () => {
    const { project } = seed();
    await expect(make().execute(owner, 'nope', later(3))).rejects.toMatchObject({
      code: 'PROJECT_NOT_FOUND',
    });
    await expect(make().execute(aContractor('c1'), project.id, later(3))).rejects.toMatchObject({
      code: 'NOT_PROJECT_OWNER',
    });
  });

  it('lets a late bidder in once extended, and bidders revise their pending bid', async () => {
    const { project, c1 } = seed(later(1));
    env.clock.set(later(2));
    const late = aContractor('late', { subscriptionTier: 'pro' });
    env.db.addUser(late);
    const submit = new SubmitBid({
      uow: env.uow,
      ids: env.ids,
      clock: env.clock,
      settings: env.settings,
    });
    await expect(
      submit.execute(late, project.id, { amount: 100, timeline: 3, proposal: 'Late' }),
    ).rejects.toMatchObject({ code: 'BID_DEADLINE_PASSED' });
    await expect(
      new EditBid({ uow: env.uow, clock: env.clock }).execute(c1, 'b1', { amount: 80 }),
    ).rejects.toMatchObject({
      code: 'BID_DEADLINE_PASSED',
    });

    await make().execute(owner, project.id, later(4));
    const { bid } = await submit.execute(late, project.id, { amount: 100, timeline: 3, proposal: 'Late' });
    expect(bid.status).toBe('pending');
    const revised = await new EditBid({ uow: env.uow, clock: env.clock }).execute(c1, 'b1', { amount: 80 });
    expect(revised.toSnapshot()).toMatchObject({ amountCents: 8000, updatedAt: later(2) });
  });
});

describe('PostAddendum and ListAddenda', () => {
  const make = () =>
    new PostAddendum({
      uow: env.uow,
      files: env.storage,
      ids: env.ids,
      clock: env.clock,
    });

  it('stores the addendum with its files and tells the bidders after commit', async () => {
    const { project } = seed();
    const addendum = await make().execute(owner, project.id, {
      text: 'Updated plan attached.',
      files: [{ ...aFile({ name: 'plan-v2' }) }],
    });
    expect(addendum.toSnapshot()).toMatchObject({ projectId: project.id, attachments: ['plan-v2'] });
    expect(env.events.published).toMatchObject([{ type: 'addendum_posted', recipientIds: ['c1', 'c2'] }]);
    const listed = await new ListAddenda({ uow: env.uow }).execute(aContractor('c1'), project.id);
    expect(listed.map((a) => a.toSnapshot().text)).toEqual(['Updated plan attached.']);
  });

  it('removes the stored files and writes nothing when refused', async () => {
    const { project } = seed();
    await expect(
      make().execute(aContractor('c1'), project.id, { text: 'Not mine', files: [aFile({ name: 'x' })] }),
    ).rejects.toMatchObject({ code: 'NOT_PROJECT_OWNER' });
    await expect(
      make().execute(owner, project.id, { text: ' ', files: [aFile({ name: 'y' })] }),
    ).rejects.toMatchObject({ code: 'ADDENDUM_TEXT_REQUIRED' });
    expect(env.storage.removed).toEqual(['x', 'y']);
    expect(env.db.addenda.rows.size).toBe(0);
    expect(env.events.published).toEqual([]);
  });

  it('lists nothing for an unknown project (404)', async () => {
    await expect(new ListAddenda({ uow: env.uow }).execute(owner, 'nope')).rejects.toMatchObject({
      code: 'PROJECT_NOT_FOUND',
    });
  });

  it('deleting the project removes its addenda and their files', async () => {
    const { project } = seed();
    await make().execute(owner, project.id, { text: 'Plan', files: [aFile({ name: 'plan-v2' })] });
    await new DeleteProject({
      uow: env.uow,
      files: env.storage,
      clock: env.clock,
    }).execute(owner, project.id);
    expect(env.db.addenda.rows.size).toBe(0);
    expect(env.storage.removed).toContain('plan-v2');
  });
});
