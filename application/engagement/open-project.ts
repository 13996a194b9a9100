import { countsAsView, viewKey } from '../../domain/project/engagement.ts';
import type { User } from '../../domain/user/user.ts';
import type { ProjectView } from '../projects/ports.ts';
import type { PlatformSettings } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { ProjectEngagement } from './ports.ts';

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
