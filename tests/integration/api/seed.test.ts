import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '#api/seed.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { truncateAll } from '../support/database.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await truncateAll(t.composition.orm);
});
afterAll(async () => {
  await truncateAll(t.composition.orm);
  await t.close();
});

const rows = async <T>(sql: string): Promise<T[]> => t.composition.orm.em.getConnection().execute(sql);

async function counts() {
  const [totals] = await rows<{ users: string; projects: string; bids: string; reviews: string }>(
    `select (select count(*) from users) as users, (select count(*) from projects) as projects,
       (select count(*) from bids) as bids, (select count(*) from reviews) as reviews`,
  );
  return {
    users: Number(totals?.users),
    projects: Number(totals?.projects),
    bids: Number(totals?.bids),
    reviews: Number(totals?.reviews),
  };
}

describe('seedDemoData', () => {
  it('fills an empty database with ~40 projects in every phase, and does nothing the second time', async () => {
    const now = new Date();
    expect(await t.composition.inContext(() => seedDemoData(t.composition, { now }))).toBe(true);

    const first = await counts();
    expect(first.users).toBe(9);
    // Demo accounts are seeded as verified (decision 0160), so their mail works from the start.
    expect(await rows('select email from users where email_verified_at is null')).toEqual([]);
    expect(first.projects).toBeGreaterThanOrEqual(35);
    expect(first.projects).toBeLessThanOrEqual(45);
    expect(first.reviews).toBeGreaterThanOrEqual(2);

    const byState = await rows<{ status: string; phase: string; n: string }>(
      `select status, current_phase as phase, count(*) as n from projects group by 1, 2`,
    );
    const activeIn = (phase: string) =>
      byState.filter((r) => r.status === 'active' && r.phase === phase).reduce((n, r) => n + Number(r.n), 0);
    for (const phase of ['bidding', 'awarded', 'in_progress', 'review'])
      expect(activeIn(phase)).toBeGreaterThan(0);
    const status = (s: string) => byState.filter((r) => r.status === s).reduce((n, r) => n + Number(r.n), 0);
    expect(status('completed')).toBeGreaterThan(0);
    expect(status('cancelled')).toBeGreaterThan(0);

    // 0-5 bids per project, every awarded project's winner accepted, dates in the past 60 days or so.
    const perProject = await rows<{ n: string }>(
      'select count(b.id) as n from projects p left join bids b on b.project_id = p.id group by p.id',
    );
    const bidCounts = perProject.map((r) => Number(r.n));
    expect(Math.min(...bidCounts)).toBe(0);
    expect(Math.max(...bidCounts)).toBe(5);
    const [dates] = await rows<{ oldest: Date; newest: Date; future_bid: string }>(
      `select min(created_at) as oldest, max(greatest(created_at, updated_at, phase_start_date)) as newest,
         (select count(*) from bids where created_at > now()) as future_bid from projects`,
    );
    expect(new Date(dates?.oldest as Date).getTime()).toBeLessThan(now.getTime() - 50 * 86_400_000);
    expect(new Date(dates?.newest as Date).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(Number(dates?.future_bid)).toBe(0);
    const [awards] = await rows<{ mismatched: string }>(
      `select count(*) as mismatched from projects p left join bids b on b.id = p.accepted_bid_id
        where p.current_phase in ('awarded', 'in_progress', 'review', 'completed')
          and (b.status is distinct from 'accepted' or b.contractor_id is distinct from p.awarded_contractor_id)`,
    );
    expect(Number(awards?.mismatched)).toBe(0);

    // The free demo accounts stay within the free plan's 3 bids a month.
    const [overQuota] = await rows<{ n: string }>(
      `select count(*) as n from (
         select b.contractor_id, date_trunc('month', b.created_at at time zone 'America/Nassau')
           from bids b join users u on u.id = b.contractor_id
           where u.subscription_tier = 'free' group by 1, 2 having count(*) > 3) over_quota`,
    );
    expect(Number(overQuota?.n)).toBe(0);

    expect(await t.composition.inContext(() => seedDemoData(t.composition))).toBe(false);
    expect(await counts()).toEqual(first);
  });
});
