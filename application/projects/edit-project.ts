import type { EditProjectChanges, Project } from '../../domain/project/project.ts';
import type { User } from '../../domain/user/user.ts';
import type { FileStorage, StoredFile, UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { bidderIdsOf, projectOf, removeQuietly } from './shared.ts';

export interface EditProjectInput extends Omit<EditProjectChanges, 'newFiles'> {
  /** New files the HTTP layer has stored already; they are removed again if the edit fails. */
  newFiles?: StoredFile[];
}

export class EditProject extends UseCase<{
  uow: UnitOfWork;
  files: FileStorage;
  clock: Clock;
}> {
  /**
   * Owner only, while active and not awarded. Files dropped from `attachments` are deleted after commit.
   * A moved bid deadline follows Project.changeBidDeadline's rules and tells the bidders.
   */
  async execute(actor: User, projectId: string, changes: EditProjectInput): Promise<Project> {
    const newNames = (changes.newFiles ?? []).map((f) => f.name);
    let result: { project: Project; removed: string[] };
    try {
      result = await this.deps.uow.commit(async (tx) => {
        const project = await projectOf(tx, projectId, 'lock');
        const bidders = await bidderIdsOf(tx, projectId);
        const { removedAttachments, events } = project.edit(actor, changes, this.deps.clock.now(), bidders);
        await tx.projects.save(project);
        return { result: { project, removed: removedAttachments }, events };
      });
    } catch (error) {
      await removeQuietly(this.deps.files, newNames);
      throw error;
    }
    await removeQuietly(this.deps.files, result.removed);
    return result.project;
  }
}
