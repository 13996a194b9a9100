import { PROJECT_ERRORS } from '../../domain/project/errors.ts';
import { Question } from '../../domain/project/question.ts';
import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { everyBidderIdOf } from './questions.ts';

export class PostClarification extends UseCase<{
  uow: UnitOfWork;
  ids: IdGenerator;
  clock: Clock;
}> {
  /** The owner publishes a clarification without a question; every bidder is told. */
  async execute(actor: User, projectId: string, text: string): Promise<Question> {
    return this.deps.uow.commit(async (tx) => {
      const project = await tx.projects.lockForUpdate(projectId);
      if (!project) throw PROJECT_ERRORS.PROJECT_NOT_FOUND();
      const posted = Question.clarify({
        id: this.deps.ids.next(),
        project,
        actor,
        text,
        bidderIds: await everyBidderIdOf(tx, projectId),
        now: this.deps.clock.now(),
      });
      await tx.questions.add(posted.question);
      return { result: posted.question, events: [posted.event] };
    });
  }
}
