/**
 * Engagement with a project: views and saves (decision 0120). Pure rules; the counts themselves are kept by
 * the persistence adapter (projects.view_count / save_count, maintained with the rows that justify them).
 */

import { localDate } from '../shared/time-zone.ts';
import { PROJECT_ERRORS } from './errors.ts';

/** Who looks at a project: a signed-in user's id. */
export interface Viewer {
  id: string;
}

/**
 * Whether a read of the project counts as a view: every viewer but the owner. (Counting one per viewer
 * per day is the key below.)
 */
export function countsAsView(viewer: Viewer, project: { clientId: string }): boolean {
  return viewer.id !== project.clientId;
}

/** The key under which views are counted once: the viewer and the local calendar day of the platform. */
export function viewKey(viewer: Viewer, now: Date, timeZone: string): { viewerKey: string; day: string } {
  return { viewerKey: `user:${viewer.id}`, day: localDate(now, timeZone) };
}

/** Anyone signed in may save a project, except its owner (403 OWN_PROJECT_SAVE). */
export function checkCanSave(userId: string, project: { clientId: string }): void {
  if (userId === project.clientId) {
    throw PROJECT_ERRORS.OWN_PROJECT_SAVE();
  }
}

/** How many saved projects the Saved Projects page lists at most (newest saved first). */
export const MAX_SAVED_LISTED = 100;
