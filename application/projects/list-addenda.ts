import type { Addendum } from '../../domain/project/addendum.ts';
import { PROJECT_ERRORS } from '../../domain/project/errors.ts';
import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import { UseCase } from '../shared/use-case.ts';

export class ListAddenda extends UseCase<{ uow: UnitOfWork }> {
  /** Any signed-in user who may read the project reads its addenda, oldest first. */
  execute(_actor: User, projectId: string): Promise<Addendum[]> {
    return this.deps.uow.run(async (tx) => {
      if (!(await tx.projects.findById(projectId))) throw PROJECT_ERRORS.PROJECT_NOT_FOUND();
      return tx.addenda.listByProject(projectId);
    });
  }
}
