import type { BidSnapshot } from '../../domain/bid/bid.ts';
import { Addendum } from '../../domain/project/addendum.ts';
import {
  type ProjectFilters,
  parseProjectFilters,
  type RawProjectFilters,
} from '../../domain/project/browse.ts';
import { type EditProjectChanges, Project, type ProjectDetailsInput } from '../../domain/project/project.ts';
import { NotFoundError } from '../../domain/shared/errors.ts';
import type { AddendumPosted, DomainEvent, ProjectDeleted } from '../../domain/shared/events.ts';
import type { User } from '../../domain/user/user.ts';
import type {
  EventPublisher,
  FileStorage,
  StoredFile,
  Transaction,
  UnitOfWork,
} from '../shared/marketplace-ports.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { ProjectPage, ProjectQuery, ProjectReview, ProjectView } from './ports.ts';

export function projectNotFound(id: string): NotFoundError {
  return new NotFoundError('PROJECT_NOT_FOUND', 'Project not found');
}

/** Removes stored files without letting a storage failure hide the error (or result) that matters. */
export async function removeQuietly(files: FileStorage, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  try {
    await files.remove(names);
  } catch {
    // An orphaned file is harmless; the storage adapter logs it.
  }
}

export interface PostProjectInput extends ProjectDetailsInput {
  /** Files the HTTP layer has stored already; they are removed again if posting fails. */
  files?: StoredFile[];
}

export class PostProject extends UseCase<{
  uow: UnitOfWork;
  events: EventPublisher;
  files: FileStorage;
  ids: IdGenerator;
  clock: Clock;
}> {
  async execute(actor: User, input: PostProjectInput): Promise<Project> {
    const files = input.files ?? [];
    let posted: { project: Project; events: DomainEvent[] };
    try {
      posted = Project.post({
        ...input,
        id: this.deps.ids.next(),
        owner: actor,
        files,
        now: this.deps.clock.now(),
      });
      await this.deps.uow.run(async (tx) => {
        await tx.projects.add(posted.project);
        await tx.outbox.add(posted.events);
      });
    } catch (error) {
      await removeQuietly(
        this.deps.files,
        files.map((f) => f.name),
      );
      throw error;
    }
    await this.deps.events.publish(posted.events);
    return posted.project;
  }
}

export interface EditProjectInput extends Omit<EditProjectChanges, 'newFiles'> {
  /** New files the HTTP layer has stored already; they are removed again if the edit fails. */
  newFiles?: StoredFile[];
}

/**
 * The users who bid on the project, read inside the transaction: pending, accepted or rejected. A withdrawn
 * bid is left out (decision 0193): its bidder deleted their account, so it neither holds the bid deadline
 * nor hears of the project again.
 */
async function bidderIdsOf(tx: Transaction, projectId: string): Promise<string[]> {
  return (await tx.bids.listByProject(projectId))
    .filter((b) => b.status !== 'withdrawn')
    .map((b) => b.contractorId);
}

export class EditProject extends UseCase<{
  uow: UnitOfWork;
  events: EventPublisher;
  files: FileStorage;
  clock: Clock;
}> {
  /**
   * Owner only, while active and not awarded. Files dropped from `attachments` are deleted after commit.
   * A moved bid deadline follows Project.changeBidDeadline's rules and tells the bidders.
   */
  async execute(actor: User, projectId: string, changes: EditProjectInput): Promise<Project> {
    const newNames = (changes.newFiles ?? []).map((f) => f.name);
    let result: { project: Project; removed: string[]; events: DomainEvent[] };
    try {
      result = await this.deps.uow.run(async (tx) => {
        const project = await tx.projects.lockForUpdate(projectId);
        if (!project) throw projectNotFound(projectId);
        const bidders = await bidderIdsOf(tx, projectId);
        const { removedAttachments, events } = project.edit(actor, changes, this.deps.clock.now(), bidders);
        await tx.projects.save(project);
        await tx.outbox.add(events);
        return { project, removed: removedAttachments, events };
      });
    } catch (error) {
      await removeQuietly(this.deps.files, newNames);
      throw error;
    }
    await removeQuietly(this.deps.files, result.removed);
    await this.deps.events.publish(result.events);
    return result.project;
  }
}

export class ChangeBidDeadline extends UseCase<{ uow: UnitOfWork; events: EventPublisher; clock: Clock }> {
  /**
   * The owner moves the bid deadline (never into the past, never earlier while bids exist); pending bids
   * stay and may be revised. The bidders are told after commit.
   */
  async execute(actor: User, projectId: string, bidDeadline: Date): Promise<Project> {
    const { project, event } = await this.deps.uow.run(async (tx) => {
      const project = await tx.projects.lockForUpdate(projectId);
      if (!project) throw projectNotFound(projectId);
      const bidders = await bidderIdsOf(tx, projectId);
      const event = project.changeBidDeadline(actor, bidDeadline, bidders, this.deps.clock.now());
      await tx.projects.save(project);
      await tx.outbox.add([event]);
      return { project, event };
    });
    await this.deps.events.publish([event]);
    return project;
  }
}

export interface PostAddendumInput {
  text: string;
  /** Files the HTTP layer has stored already; they are removed again if posting fails. */
  files?: StoredFile[];
}

export class PostAddendum extends UseCase<{
  uow: UnitOfWork;
  events: EventPublisher;
  files: FileStorage;
  ids: IdGenerator;
  clock: Clock;
}> {
  /** Owner only, while the project takes bids (active, bidding). The bidders are told after commit. */
  async execute(actor: User, projectId: string, input: PostAddendumInput): Promise<Addendum> {
    const files = input.files ?? [];
    let posted: { addendum: Addendum; event: AddendumPosted };
    try {
      posted = await this.deps.uow.run(async (tx) => {
        // The project's lock orders addenda with deadline changes and decisions on bids.
        const project = await tx.projects.lockForUpdate(projectId);
        if (!project) throw projectNotFound(projectId);
        const result = Addendum.post({
          id: this.deps.ids.next(),
          project,
          actor,
          text: input.text,
          files,
          bidderIds: await bidderIdsOf(tx, projectId),
          now: this.deps.clock.now(),
        });
        await tx.addenda.add(result.addendum);
        await tx.outbox.add([result.event]);
        return result;
      });
    } catch (error) {
      await removeQuietly(
        this.deps.files,
        files.map((f) => f.name),
      );
      throw error;
    }
    await this.deps.events.publish([posted.event]);
    return posted.addendum;
  }
}

export class ListAddenda extends UseCase<{ uow: UnitOfWork }> {
  /** Any signed-in user who may read the project reads its addenda, oldest first. */
  execute(_actor: User, projectId: string): Promise<Addendum[]> {
    return this.deps.uow.run(async (tx) => {
      if (!(await tx.projects.findById(projectId))) throw projectNotFound(projectId);
      return tx.addenda.listByProject(projectId);
    });
  }
}

export class DeleteProject extends UseCase<{
  uow: UnitOfWork;
  events: EventPublisher;
  files: FileStorage;
  clock: Clock;
}> {
  /**
   * Owner only, permanent. In one transaction: the bids go, messages and reviews about the project
   * are kept with their projectId cleared, and the project row goes. Its files are removed after commit.
   */
  async execute(actor: User, projectId: string): Promise<void> {
    const deleted = await this.deps.uow.run(async (tx) => {
      const project = await tx.projects.lockForUpdate(projectId);
      if (!project) throw projectNotFound(projectId);
      return deleteProjectIn(tx, project, actor, this.deps.clock.now());
    });
    await removeQuietly(this.deps.files, deleted.attachments);
    await this.deps.events.publish([deleted]);
  }
}

/**
 * The deletion's steps inside the caller's transaction (the project locked): the bids and addenda go,
 * messages and reviews about it are kept with their projectId cleared, the project row goes, and its
 * `project_deleted` event is written to the outbox. Answers the event; its `attachments` are the files
 * to remove after the commit. Used by DeleteProject and by the account deletion (issue 16).
 */
export async function deleteProjectIn(
  tx: Transaction,
  project: Project,
  actor: User,
  now: Date,
): Promise<ProjectDeleted> {
  const event = project.delete(actor, await bidderIdsOf(tx, project.id), now);
  const addendumFiles = await tx.addenda.deleteByProject(project.id);
  event.attachments.push(...addendumFiles);
  await tx.bids.deleteByProject(project.id);
  await tx.messages.clearProject(project.id);
  await tx.reviews.clearProject(project.id);
  await tx.projects.delete(project.id);
  await tx.outbox.add([event]);
  return event;
}

export interface ProjectDetails extends ProjectView {
  /** Whether a bid could be submitted now (status active, phase bidding, deadline not passed). */
  takingBids: boolean;
  /** The caller's own bid on the project; always null for its owner. */
  viewerBid: BidSnapshot | null;
  /** The owner's review of the awarded contractor, once given. */
  review: ProjectReview | null;
}

export class GetProject extends UseCase<{ projects: ProjectQuery; clock: Clock }> {
  /**
   * Any signed-in user may read a project, with their own bid on it (the owner sees none here: the
   * project's bids are ListProjectBids'). One read of the project query, no transaction.
   */
  async execute(actor: User, projectId: string): Promise<ProjectDetails> {
    const view = await this.deps.projects.findDetail(projectId, actor.id);
    if (!view) throw projectNotFound(projectId);
    return {
      ...view,
      viewerBid: view.project.clientId === actor.id ? null : view.viewerBid,
      takingBids: Project.restore(view.project).isTakingBids(this.deps.clock.now()),
    };
  }
}

export class ListProjects extends UseCase<{ projects: ProjectQuery }> {
  /** Browse with filters (q, country, category, budget band, status, clientId, limit, cursor). */
  async execute(_actor: User, raw: RawProjectFilters): Promise<ProjectPage> {
    const filters: ProjectFilters = parseProjectFilters(raw);
    return this.deps.projects.list(filters);
  }
}

export class MoveProjectPhase extends UseCase<{ uow: UnitOfWork; events: EventPublisher; clock: Clock }> {
  /** The owner moves awarded → in_progress → review → completed. */
  async execute(actor: User, projectId: string, to: string): Promise<Project> {
    const { project, events } = await this.deps.uow.run(async (tx) => {
      const project = await tx.projects.lockForUpdate(projectId);
      if (!project) throw projectNotFound(projectId);
      const events = project.movePhase(actor, to, this.deps.clock.now());
      await tx.projects.save(project);
      await tx.outbox.add(events);
      return { project, events };
    });
    await this.deps.events.publish(events);
    return project;
  }
}

export class CancelProject extends UseCase<{ uow: UnitOfWork; events: EventPublisher; clock: Clock }> {
  /** The owner cancels an active project; its pending bids become rejected. */
  async execute(actor: User, projectId: string): Promise<Project> {
    const { project, events } = await this.deps.uow.run(async (tx) => {
      const project = await tx.projects.lockForUpdate(projectId);
      if (!project) throw projectNotFound(projectId);
      const bids = await tx.bids.listByProject(projectId);
      const pending = bids.filter((b) => b.status === 'pending');
      const events = project.cancel(actor, pending, this.deps.clock.now());
      await tx.projects.save(project);
      for (const bid of pending) await tx.bids.save(bid);
      await tx.outbox.add(events);
      return { project, events };
    });
    await this.deps.events.publish(events);
    return project;
  }
}
