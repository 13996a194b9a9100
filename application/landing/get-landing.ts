import {
  MAX_TESTIMONIALS,
  pickTestimonials,
  TESTIMONIAL_MIN_RATING,
} from '../../domain/review/testimonials.ts';
import { withoutHidden } from '../projects/list-projects.ts';
import type { ProjectQuery, ProjectView } from '../projects/ports.ts';
import type { HiddenContent } from '../safety/ports.ts';
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
export class GetLanding extends UseCase<{
  projects: ProjectQuery;
  landing: LandingQuery;
  hidden: HiddenContent;
}> {
  async execute(): Promise<Landing> {
    const newest = { status: 'active', limit: FEATURED_PROJECTS * 4 } as const;
    const [page, reviews, figures] = await Promise.all([
      // Newest active projects; of these the ones still in the bidding phase are open. Never a hidden one
      // (decision 0221); hidden reviews are never quoted (the landing query leaves them out).
      this.deps.projects.list(newest).then((p) => withoutHidden(this.deps.hidden, null, newest, p)),
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
