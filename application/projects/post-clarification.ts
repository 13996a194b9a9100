import { Question } from '../../domain/project/question.ts';
import type { User } from '../../domain/user/user.ts';
import type { AddingDeps } from '../shared/marketplace-ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { everyBidderIdOf } from './questions.ts';
import { projectOf } from './shared.ts';

export class PostClarification extends UseCase<AddingDeps> {
  /** The owner publishes a clarification without a question; every bidder is told. */
  async execute(actor: User, projectId: string, text: string): Promise<Question> {
    return this.deps.uow.commit(async (tx) => {
      const project = await projectOf(tx, projectId, 'lock');
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
