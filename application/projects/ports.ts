import type { ProjectFilters } from '../../domain/project/browse.ts';
import type { ProjectSnapshot } from '../../domain/project/project.ts';

/** A project as reads show it: the aggregate's data plus what is derived from other rows. */
export interface ProjectView {
  project: ProjectSnapshot;
  /** Derived: the number of bids on the project (not a kept counter). */
  bidCount: number;
  /** The mean bid amount in cents, rounded; null with no bids ('N/A'). */
  averageBidCents: number | null;
  createdBy: { id: string; firstName: string | null; lastName: string | null };
}

export interface ProjectPage {
  items: ProjectView[];
  /** How many projects match the filters in all ('N project(s) found'). */
  total: number;
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/**
 * The read side of projects. The adapter implements the filters with SQL that agrees with
 * matchesProjectFilters (domain/project/browse.ts), newest first (createdAt desc, then id desc).
 */
export interface ProjectQuery {
  findView(id: string): Promise<ProjectView | null>;
  list(filters: ProjectFilters): Promise<ProjectPage>;
}
