import type { SavedSearchSnapshot, SearchAlerts } from '../../domain/project/saved-search.ts';

/** A saved search with alerts on whose filters a project meets. */
export interface SearchMatch {
  searchId: string;
  userId: string;
  name: string;
  alerts: Exclude<SearchAlerts, 'off'>;
}

/** Saved searches (decision 0133). */
export interface SavedSearchRepository {
  /** The user's searches, newest first. */
  listByUser(userId: string): Promise<SavedSearchSnapshot[]>;
  find(id: string): Promise<SavedSearchSnapshot | null>;
  /**
   * Adds the search, atomically with the checks on the user's others (serialised per user): `check`
   * gets how many the user keeps; a name the user uses already (in any case) throws the domain's
   * SAVED_SEARCH_NAME_TAKEN.
   */
  add(search: SavedSearchSnapshot, check: (kept: number) => void): Promise<void>;
  /** Saves changes to the search; a name another of the user's searches has throws SAVED_SEARCH_NAME_TAKEN. */
  update(search: SavedSearchSnapshot): Promise<void>;
  remove(id: string): Promise<void>;
  /**
   * The searches with alerts on that the project meets, by the browse list's rules, never its owner's:
   * evaluated in the database, without reading every search. Also answers the project's title.
   */
  matching(projectId: string): Promise<{ projectTitle: string; matches: SearchMatch[] }>;
  /** Keeps the project for these users' next daily digests (once per user and project). */
  queueForDigest(projectId: string, users: { userId: string; searchName: string }[], at: Date): Promise<void>;
}
