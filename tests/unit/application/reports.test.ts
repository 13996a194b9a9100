import { beforeEach, describe, expect, it } from 'vitest';
import { GetProject, ListProjects } from '#application/projects/index.ts';
import { ClaimModerationItem, DecideModerationItem, FileReport } from '#application/safety/index.ts';
import { Question } from '#domain/project/question.ts';
import { aClient, aContractor, anAdmin, aProject, type Env, makeEnv } from '../../fakes/mothers.ts';

let env: Env;
const owner = aClient('owner');
const contractor = aContractor('contractor');
const vendor = aContractor('vendor');
const admin = anAdmin('admin');
const otherAdmin = anAdmin('admin-2');

beforeEach(() => {
  env = makeEnv();
  for (const user of [owner, contractor, vendor, admin, otherAdmin]) env.db.addUser(user);
  env.db.addProject(aProject({ id: 'p1', owner }));
});

const file = () => new FileReport({ uow: env.uow, ids: env.ids, clock: env.clock });
const decide = () => new DecideModerationItem({ uow: env.uow, ids: env.ids, clock: env.clock });
const claim = () => new ClaimModerationItem({ uow: env.uow, clock: env.clock });

/** Decision 0221: FileReport, ClaimModerationItem and DecideModerationItem (issue 27 items 1 and 2). */
describe('FileReport', () => {
  it('stores the report with the author it found, once per reporter while open (409 ALREADY_REPORTED)', async () => {
    const filed = await file().execute(contractor, { targetType: 'project', targetId: 'p1', reason: 'scam' });
    expect(filed).toMatchObject({ reporterId: 'contractor', authorId: 'owner', status: 'open' });
    await expect(
      file().execute(contractor, { targetType: 'project', targetId: 'p1', reason: 'spam' }),
    ).rejects.toMatchObject({ code: 'ALREADY_REPORTED' });
    await expect(
      file().execute(contractor, { targetType: 'project', targetId: 'nope', reason: 'spam' }),
    ).rejects.toMatchObject({ code: 'REPORT_TARGET_NOT_FOUND' });
  });
});

describe('DecideModerationItem', () => {
  beforeEach(async () => {
    await file().execute(contractor, { targetType: 'project', targetId: 'p1', reason: 'scam' });
    await file().execute(vendor, { targetType: 'project', targetId: 'p1', reason: 'spam' });
  });

  it('hides the project, closes every open report, logs the decision with them, and tells everyone after the commit', async () => {
    await claim().execute(admin, 'project', 'p1');
    const commits = env.db.commits;
    const result = await decide().execute(admin, 'project', 'p1', { action: 'hide', reason: 'scam' });

    expect(env.db.commits).toBe(commits + 1);
    expect(result.outcome).toBe('hidden');
    expect([...env.db.reports.rows.values()].map((r) => [r.status, r.outcome, r.decidedBy])).toEqual([
      ['closed', 'hidden', 'admin'],
      ['closed', 'hidden', 'admin'],
    ]);
    expect(env.db.hidden.rows.get('project:p1')).toMatchObject({ authorId: 'owner', reason: 'scam' });
    expect(env.db.claims.rows.size).toBe(0);
    expect([...env.db.moderationLog.rows.values()]).toEqual([
      expect.objectContaining({ action: 'hide', subjectId: 'owner', reportIds: result.closedReportIds }),
    ]);
    expect(env.events.published.map((e) => e.type)).toEqual(['report_decided', 'content_hidden']);
  });

  it("refuses acting on another admin's claim (409), and a second decision finds nothing open (409)", async () => {
    await claim().execute(admin, 'project', 'p1');
    await expect(decide().execute(otherAdmin, 'project', 'p1', { action: 'dismiss' })).rejects.toMatchObject({
      code: 'CLAIMED_BY_ANOTHER_ADMIN',
    });
    await decide().execute(admin, 'project', 'p1', { action: 'dismiss' });
    await expect(decide().execute(admin, 'project', 'p1', { action: 'dismiss' })).rejects.toMatchObject({
      code: 'REPORTS_ALREADY_DECIDED',
    });
    expect(env.db.hidden.rows.size).toBe(0);
  });

  it('hides a question through Question.setHidden, which its read paths honour', async () => {
    const { question } = Question.ask({
      id: 'q1',
      project: aProject({ id: 'p1', owner }),
      asker: contractor,
      text: 'Pay me by wire?',
      askedRecently: 0,
      now: env.clock.now(),
    });
    env.db.questions.rows.set('q1', question.toSnapshot());
    await file().execute(owner, { targetType: 'question', targetId: 'q1', reason: 'off_platform_payment' });
    await decide().execute(admin, 'question', 'q1', { action: 'hide', reason: 'off_platform_payment' });
    expect(env.db.questions.rows.get('q1')?.hidden).toBe(true);
  });
});

describe('hidden projects', () => {
  it('are 404 on their page and left out of the browse for all but their owner and admins', async () => {
    env.db.addProject(aProject({ id: 'p2', owner }));
    await file().execute(contractor, { targetType: 'project', targetId: 'p1', reason: 'scam' });
    await decide().execute(admin, 'project', 'p1', { action: 'hide', reason: 'scam' });
    const get = new GetProject({
      projects: env.projectQuery,
      hidden: env.hidden,
      clock: env.clock,
      suspensions: env.suspensions,
    });
    await expect(get.execute(contractor, 'p1')).rejects.toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    expect((await get.execute(owner, 'p1')).hidden).toBe(true);
    expect((await get.execute(admin, 'p1')).hidden).toBe(true);

    const list = new ListProjects({
      projects: env.projectQuery,
      vocabulary: env.vocabulary,
      hidden: env.hidden,
    });
    const seen = await list.execute(contractor, {});
    expect(seen.page.items.map((v) => v.project.id)).toEqual(['p2']);
    expect(seen.page.total).toBe(1);
    expect((await list.execute(owner, {})).page.total).toBe(2);
  });
});
