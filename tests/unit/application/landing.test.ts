import { describe, expect, it } from 'vitest';
import { GetLanding } from '#application/landing/index.ts';
import type { LandingQuery, Testimonial } from '#application/landing/ports.ts';
import { Project } from '#domain/project/project.ts';
import { aBid, aClient, aContractor, aProject, makeEnv, NOW } from '../../fakes/mothers.ts';

function landingQuery(reviews: Testimonial[], figures = { projectsPosted: 0, contractorsRegistered: 0 }) {
  return {
    async testimonials(minRating: number, limit: number) {
      const matching = reviews.filter((r) => r.rating >= minRating && r.comment.trim() !== '');
      return { items: matching.slice(0, limit), total: matching.length };
    },
    async figures() {
      return figures;
    },
  } satisfies LandingQuery;
}

const review = (id: string, rating = 5): Testimonial => ({
  id,
  rating,
  comment: 'Finished on time',
  reviewerFirstName: 'Ann',
  reviewerRole: 'client',
  createdAt: NOW,
});

describe('GetLanding', () => {
  it('features the three newest projects still open for bids', async () => {
    const env = makeEnv();
    const owner = aClient();
    env.db.addUser(owner);
    for (let i = 1; i <= 5; i += 1) {
      env.db.addProject(aProject({ id: `p${i}`, owner, now: new Date(NOW.getTime() + i * 1000) }));
    }
    // p5 is awarded: active but no longer open.
    const p5 = Project.restore(env.db.project('p5') as NonNullable<ReturnType<typeof env.db.project>>);
    const contractor = aContractor('c1');
    env.db.addUser(contractor);
    const bid = aBid({ id: 'b5', project: p5, bidder: contractor });
    p5.acceptBid(owner, bid, [], NOW);
    env.db.addProject(p5);
    const landing = await new GetLanding({
      projects: env.projectQuery,
      landing: landingQuery([]),
      hidden: env.hidden,
    }).execute();
    expect(landing.featured.map((v) => v.project.id)).toEqual(['p4', 'p3', 'p2']);
  });

  it('quotes real reviews only once three qualify, and passes the real figures on', async () => {
    const env = makeEnv();
    const figures = { projectsPosted: 7, contractorsRegistered: 2 };
    const few = await new GetLanding({
      projects: env.projectQuery,
      hidden: env.hidden,
      landing: landingQuery([review('r1'), review('r2')], figures),
    }).execute();
    expect(few.testimonials).toEqual([]);
    expect(few.figures).toEqual(figures);
    const enough = await new GetLanding({
      projects: env.projectQuery,
      hidden: env.hidden,
      landing: landingQuery([review('r1'), review('r2', 3), review('r3', 4), review('r4')]),
    }).execute();
    expect(enough.testimonials.map((t) => t.id)).toEqual(['r1', 'r3', 'r4']);
  });
});
