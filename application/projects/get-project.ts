import type { BidSnapshot } from '../../domain/bid/bid.ts';
import { PROJECT_ERRORS } from '../../domain/project/errors.ts';
import { Project } from '../../domain/project/project.ts';
import { seesContent } from '../../domain/safety/report.ts';
import { projectVisibleTo } from '../../domain/safety/suspension.ts';
import type { User } from '../../domain/user/user.ts';
import type { HiddenContent, SuspensionQuery } from '../safety/ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { ProjectQuery, ProjectReview, ProjectView } from './ports.ts';

export interface ProjectDetails extends ProjectView {
  /** Whether a bid could be submitted now (status active, phase bidding, deadline not passed). */
  takingBids: boolean;
  /** The caller's own bid on the project; always null for its owner. */
  viewerBid: BidSnapshot | null;
  /** The owner's review of the awarded contractor, once given (and not hidden from the caller). */
  review: ProjectReview | null;
  /** Hidden by BuildBid's moderators (decision 0221): only its owner and admins still read it. */
  hidden: boolean;
}

export class GetProject extends UseCase<{
  projects: ProjectQuery;
  hidden: HiddenContent;
  clock: Clock;
  suspensions: Pick<SuspensionQuery, 'activeFor'>;
}> {
  /**
   * Any signed-in user may read a project, with their own bid on it (the owner sees none here: the
   * project's bids are ListProjectBids'). One read of the project query, no transaction. A project hidden by
   * the moderators is 404 to all but its owner and admins, and so is its review (decision 0221). For anyone
   * but the owner and admins, one read of the owner's suspension: a suspended owner's project is not found
   * (decision 0223), as browse leaves it out.
   */
  async execute(actor: User, projectId: string): Promise<ProjectDetails> {
    const view = await this.deps.projects.findDetail(projectId, actor.id);
    if (!view) throw PROJECT_ERRORS.PROJECT_NOT_FOUND();
    const [hiddenProjects, hiddenReviews] = await Promise.all([
      this.deps.hidden.hiddenAmong('project', [view.project.id]),
      view.review ? this.deps.hidden.projectsWithHiddenReview([view.project.id]) : new Set<string>(),
    ]);
    const hidden = hiddenProjects.has(view.project.id);
    if (!seesContent(actor, view.project.clientId, hidden)) throw PROJECT_ERRORS.PROJECT_NOT_FOUND();
    const owner = view.project.clientId;
    if (owner !== actor.id && !actor.isAdmin) {
      const suspended = (await this.deps.suspensions.activeFor(owner, this.deps.clock.now())) !== null;
      if (!projectVisibleTo(actor, view.project, suspended)) throw PROJECT_ERRORS.PROJECT_NOT_FOUND();
    }
    // The review's author is the project's owner.
    const reviewSeen = seesContent(actor, view.project.clientId, hiddenReviews.has(view.project.id));
    return {
      ...view,
      hidden,
      review: reviewSeen ? view.review : null,
      viewerBid: view.project.clientId === actor.id ? null : view.viewerBid,
      takingBids: Project.restore(view.project).isTakingBids(this.deps.clock.now()),
    };
  }
}
