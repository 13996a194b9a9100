import type { BidSnapshot } from '../../domain/bid/bid.ts';
import type { ProjectFilters } from '../../domain/project/browse.ts';
import type { ProjectSnapshot } from '../../domain/project/project.ts';

/** A project as reads show it: the aggregate's data plus what is derived from other rows. */
export interface ProjectView {
  project: ProjectSnapshot;
  /** Derived: the number of bids on the project (not a kept counter). */
  bidCount: number;
  /** The mean bid amount in cents, rounded; null with no bids ('N/A'). */
  averageBidCents: number | null;
  /** The owner, with their rating (hundredths, 4.5 is 450) and review count from the user row. */
  createdBy: {
    id: string;
    firstName: string | null;
    lastName: string | null;
    ratingHundredths: number;
    reviewCount: number;
  };
  /** Counted views (one per viewer per day, never the owner's), kept on the project row. */
  viewCount: number;
  /** How many users saved the project, kept on the project row. */
  saveCount: number;
}

/** A project as its detail page shows it to one caller: the view plus that caller's own bid, if any. */
export interface ProjectDetailView extends ProjectView {
  viewerBid: BidSnapshot | null;
  /** The owner's review of the awarded contractor, once given (only one per project). */
  review: ProjectReview | null;
}

export interface ProjectReview {
  rating: number;
  comment: string | null;
  createdAt: Date;
}

export interface ProjectPage {
  items: ProjectView[];
  /** How many projects match the filters in all ('N project(s) found'). */
  total: number;
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** The words projects are written with: what "Did you mean" offers (decision 0214). */
export interface SearchVocabulary {
  /**
   * For each of `words` (lower-case), the most similar word that projects are written with (the word itself
   * when one is written so); a word with none similar enough is left out.
   */
  nearest(words: readonly string[]): Promise<Map<string, string>>;
}

/**
 * The read side of projects. The adapter implements the filters with SQL that agrees with
 * matchesProjectFilters (domain/project/browse.ts), newest first (createdAt desc, then id desc).
 */
export interface ProjectQuery {
  findView(id: string): Promise<ProjectView | null>;
  /** The view and `viewerId`'s own bid on it, read together (one round trip, no transaction). */
  findDetail(id: string, viewerId: string): Promise<ProjectDetailView | null>;
  list(filters: ProjectFilters): Promise<ProjectPage>;
}
