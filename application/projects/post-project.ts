import { Project, type ProjectDetailsInput } from '../../domain/project/project.ts';
import type { User } from '../../domain/user/user.ts';
import type { AddingDeps, FileStorage, StoredFile } from '../shared/marketplace-ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { removeQuietly } from './shared.ts';

export interface PostProjectInput extends ProjectDetailsInput {
  /** Files the HTTP layer has stored already; they are removed again if posting fails. */
  files?: StoredFile[];
}

export class PostProject extends UseCase<AddingDeps & { files: FileStorage }> {
  async execute(actor: User, input: PostProjectInput): Promise<Project> {
    const files = input.files ?? [];
    try {
      const { project, events } = Project.post({
        ...input,
        id: this.deps.ids.next(),
        owner: actor,
        files,
        now: this.deps.clock.now(),
      });
      return await this.deps.uow.commit(async (tx) => {
        await tx.projects.add(project);
        return { result: project, events };
      });
    } catch (error) {
      await removeQuietly(
        this.deps.files,
        files.map((f) => f.name),
      );
      throw error;
    }
  }
}
