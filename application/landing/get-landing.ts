import {
  MAX_TESTIMONIALS,
  pickTestimonials,
  TESTIMONIAL_MIN_RATING,
} from '../../domain/review/testimonials.ts';
import type { ProjectQuery, ProjectView } from '../projects/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { LandingQuery, Testimonial } from './ports.ts';

/** How many Featured Projects the landing page shows. */
const FEATURED_PROJECTS = 3;

export interface Landing {
  /** The newest open projects: active and in the bidding phase (among the 12 newest active ones). */
  featured: ProjectView[];
  /** Real reviews once enough exist, else empty (the page then shows its sample quotes). */
  testimonials: Testimonial[];
  figures: { projectsPosted: number; contractorsRegistered: number };
}

/** What the public landing page shows: real projects, reviews and counts. */
export class GetLanding extends UseCase<{ projects: ProjectQuery; landing: LandingQuery }> {
  async execute(): Promise<Landing> {
    const [page, reviews, figures] = await Promise.all([
      // Newest active projects; of these the ones still in the bidding phase are open.
      this.deps.projects.list({ status: 'active', limit: FEATURED_PROJECTS * 4 }),
      this.deps.landing.testimonials(TESTIMONIAL_MIN_RATING, MAX_TESTIMONIALS),
      this.deps.landing.figures(),
    ]);
    return {
      featured: page.items.filter((v) => v.project.currentPhase === 'bidding').slice(0, FEATURED_PROJECTS),
      testimonials: pickTestimonials(reviews.items, reviews.total),
      figures,
    };
  }
}
