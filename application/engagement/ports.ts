/**
 * Views and saves of projects (decision 0120). The adapter keeps one row per counted view and per save, and
 * keeps the project's denormalised view_count and save_count equal to those rows in the same statement,
 * so list and detail reads pick the counts up from the project row without extra queries.
 */
export interface ProjectEngagement {
  /**
   * Records a view under (projectId, viewerKey, day) unless one is recorded already; when it is new the
   * project's view count goes up by one. Answers whether it was new.
   */
  recordView(projectId: string, viewerKey: string, day: string): Promise<boolean>;
  /** Saves the project for the user (saving twice keeps one save). Answers the project's save count after. */
  save(userId: string, projectId: string, at: Date): Promise<number>;
  /** Removes the user's save (none is fine). Answers the project's save count after. */
  unsave(userId: string, projectId: string): Promise<number>;
  isSaved(userId: string, projectId: string): Promise<boolean>;
  /**
   * Optional: `recordView` (when `view` is given) and `isSaved` in one round trip, as the project page
   * needs both (decision 0111). Without it OpenProject makes the two calls.
   */
  open?(
    userId: string,
    projectId: string,
    view: { viewerKey: string; day: string } | null,
  ): Promise<{ added: boolean; saved: boolean }>;
  /** The ids of the projects the user saved, newest save first, at most `limit`. */
  savedProjectIds(userId: string, limit: number): Promise<string[]>;
  /** The ids of the users who saved the project (decisions 0130 and 0131: they hear of its answers and addenda). */
  saverIds(projectId: string): Promise<string[]>;
}
