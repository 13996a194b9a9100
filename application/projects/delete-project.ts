import type { Project } from '../../domain/project/project.ts';
import type { ProjectDeleted } from '../../domain/shared/events.ts';
import type { User } from '../../domain/user/user.ts';
import type { FileStorage, Transaction, UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { bidderIdsOf, projectOf, removeQuietly } from './shared.ts';

export class DeleteProject extends UseCase<{
  uow: UnitOfWork;
  files: FileStorage;
  clock: Clock;
}> {
  /**
   * Owner only, permanent. In one transaction: the bids go, messages and reviews about the project
   * are kept with their projectId cleared, and the project row goes. Its files are removed after commit.
   */
  async execute(actor: User, projectId: string): Promise<void> {
    const deleted = await this.deps.uow.commit(async (tx) => {
      const project = await projectOf(tx, projectId, 'lock');
      const event = await deleteProjectIn(tx, project, actor, this.deps.clock.now());
      return { result: event, events: [event] };
    });
    await removeQuietly(this.deps.files, deleted.attachments);
  }
}

/**
 * The deletion's steps inside the caller's transaction (the project locked): the bids and addenda go,
 * messages and reviews about it are kept with their projectId cleared, and the project row goes. Answers
 * its `project_deleted` event, for the caller's UnitOfWork.commit to add to the outbox; its `attachments`
 * are the files to remove after the commit. Used by DeleteProject and by the account deletion (decision 0160).
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
  return event;
}
