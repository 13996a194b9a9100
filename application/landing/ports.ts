/** A review as the landing page quotes it: the reviewer's first name and role only. */
export interface Testimonial {
  id: string;
  rating: number;
  comment: string;
  reviewerFirstName: string | null;
  reviewerRole: string;
  createdAt: Date;
}

/** The landing page's read side (public, no signed-in user). */
export interface LandingQuery {
  /**
   * Reviews with rating ≥ minRating and a non-blank comment, newest first (at most `limit`), and how
   * many such reviews exist in all.
   */
  testimonials(minRating: number, limit: number): Promise<{ items: Testimonial[]; total: number }>;
  /** Platform figures: every project ever posted (still stored) and every contractor account. */
  figures(): Promise<{ projectsPosted: number; contractorsRegistered: number }>;
}
