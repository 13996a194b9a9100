import { PROJECT_ERRORS } from '../../domain/project/errors.ts';
import type { Question } from '../../domain/project/question.ts';
import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { everyBidderIdOf } from './questions.ts';
import { underProjectLock } from './shared.ts';

export class AnswerQuestion extends UseCase<{ uow: UnitOfWork; clock: Clock }> {
  /** The owner answers once; the asker and every bidder are told. */
  async execute(
    actor: User,
    questionId: string,
    input: { answer: string; showAsker?: boolean },
  ): Promise<Question> {
    return this.deps.uow.commit(async (tx) => {
      const { found: question, project } = await underProjectLock(
        tx,
        () => tx.questions.findById(questionId),
        PROJECT_ERRORS.QUESTION_NOT_FOUND,
      );
      const event = question.answer(
        actor,
        project,
        { text: input.answer, showAsker: input.showAsker ?? false },
        await everyBidderIdOf(tx, project.id),
        this.deps.clock.now(),
      );
      await tx.questions.save(question);
      return { result: question, events: [event] };
    });
  }
}
