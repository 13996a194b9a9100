import { checkCanSave, countsAsView, MAX_SAVED_LISTED, viewKey } from '../../domain/project/engagement.ts';
import { NotFoundError } from '../../domain/shared/errors.ts';
import type { DomainEvent } from '../../domain/shared/events.ts';
import type { User } from '../../domain/user/user.ts';
import type { ProjectQuery, ProjectView } from '../projects/ports.ts';
import type { PlatformSettings } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { ProjectEngagement } from './ports.ts';

function projectNotFound(id: string): NotFoundError {
  return new NotFoundError('PROJECT_NOT_FOUND', `Project ${id} not found`);
}

/** What the detail page adds for its viewer: the view counted, and whether they saved the project. */
export interface OpenedProject {
  /** The project's view count including this view. */
  viewCount: number;
  savedByMe: boolean;
}

/**
 * A viewer opens a project's page: one view per viewer per project per local day is counted, never the
 * owner's; and the answer says whether the viewer saved it.
 */
export class OpenProject extends UseCase<{
  engagement: ProjectEngagement;
  clock: Clock;
  settings: PlatformSettings;
}> {
  /** `view` is the project as just read (its viewCount is before this view). */
  async execute(viewer: User, view: ProjectView): Promise<OpenedProject> {
    const counts = countsAsView(viewer, view.project);
    if (this.deps.engagement.open) {
      const key = counts ? viewKey(viewer, this.deps.clock.now(), this.deps.settings.timeZone) : null;
      const opened = await this.deps.engagement.open(viewer.id, view.project.id, key);
      return { viewCount: view.viewCount + (opened.added ? 1 : 0), savedByMe: opened.saved };
    }
    let added = false;
    if (counts) {
      const key = viewKey(viewer, this.deps.clock.now(), this.deps.settings.timeZone);
      added = await this.deps.engagement.recordView(view.project.id, key.viewerKey, key.day);
    }
    const savedByMe = await this.deps.engagement.isSaved(viewer.id, view.project.id);
    return { viewCount: view.viewCount + (added ? 1 : 0), savedByMe };
  }
}

export interface SaveState {
  saved: boolean;
  saveCount: number;
}

/** Save a project for later (anyone signed in but its owner); saving twice is one save. */
export class SaveProject extends UseCase<{
  projects: ProjectQuery;
  engagement: ProjectEngagement;
  clock: Clock;
}> {
  async execute(user: User, projectId: string): Promise<SaveState> {
    const view = await this.deps.projects.findView(projectId);
    if (!view) throw projectNotFound(projectId);
    checkCanSave(user.id, view.project);
    const saveCount = await this.deps.engagement.save(user.id, projectId, this.deps.clock.now());
    return { saved: true, saveCount };
  }
}

/** Remove a saved project; removing one that is not saved changes nothing. */
export class UnsaveProject extends UseCase<{ projects: ProjectQuery; engagement: ProjectEngagement }> {
  async execute(user: User, projectId: string): Promise<SaveState> {
    const view = await this.deps.projects.findView(projectId);
    if (!view) throw projectNotFound(projectId);
    const saveCount = await this.deps.engagement.unsave(user.id, projectId);
    return { saved: false, saveCount };
  }
}

/** The caller's saved projects, newest save first (at most MAX_SAVED_LISTED). */
export class ListSavedProjects extends UseCase<{ projects: ProjectQuery; engagement: ProjectEngagement }> {
  async execute(user: User): Promise<ProjectView[]> {
    const ids = await this.deps.engagement.savedProjectIds(user.id, MAX_SAVED_LISTED);
    const views = await Promise.all(ids.map((id) => this.deps.projects.findView(id)));
    return views.filter((v): v is ProjectView => v !== null);
  }
}

/** The events whose audience is "everyone who has bid on or saved the project" (issue 13). */
type SaverAudienceEvent = Extract<
  DomainEvent,
  { type: 'bid_deadline_changed' | 'addendum_posted' | 'question_answered' }
>;

function reachesSavers(event: DomainEvent): event is SaverAudienceEvent {
  return (
    event.type === 'bid_deadline_changed' ||
    event.type === 'addendum_posted' ||
    event.type === 'question_answered'
  );
}

/**
 * Widens the audience of a project's news to the users who saved it: a deadline change, an addendum, and a
 * new public answer or clarification reach every bidder (the use case's `recipientIds`) and every saver,
 * each once, never the owner nor the asker (who hears of the answer on its own). Other events pass through.
 */
export class AddSaversToAudience extends UseCase<{ engagement: ProjectEngagement }> {
  async execute(event: DomainEvent): Promise<DomainEvent> {
    if (!reachesSavers(event)) return event;
    const savers = await this.deps.engagement.saverIds(event.projectId);
    if (savers.length === 0) return event;
    const excluded = new Set<string | null>([
      ...event.recipientIds,
      'ownerId' in event ? event.ownerId : null,
      event.type === 'question_answered' ? event.askerId : null,
    ]);
    const added = [...new Set(savers)].filter((id) => !excluded.has(id));
    return added.length === 0 ? event : { ...event, recipientIds: [...event.recipientIds, ...added] };
  }
}
