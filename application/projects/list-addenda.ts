import type { Addendum } from '../../domain/project/addendum.ts';
import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { projectOf } from './shared.ts';

export class ListAddenda extends UseCase<{ uow: UnitOfWork }> {
  /** Any signed-in user who may read the project reads its addenda, oldest first. */
  execute(_actor: User, projectId: string): Promise<Addendum[]> {
    return this.deps.uow.run(async (tx) => {
      await projectOf(tx, projectId);
      return tx.addenda.listByProject(projectId);
    });
  }
}
