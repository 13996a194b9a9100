import { PROJECT_ERRORS } from '../../domain/project/errors.ts';
import type { Question } from '../../domain/project/question.ts';
import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import { UseCase } from '../shared/use-case.ts';

export class HideQuestion extends UseCase<{ uow: UnitOfWork }> {
  /** Admins hide (or show again) an abusive question. */
  execute(actor: User, questionId: string, hidden: boolean): Promise<Question> {
    return this.deps.uow.run(async (tx) => {
      const question = await tx.questions.findById(questionId);
      if (!question) throw PROJECT_ERRORS.QUESTION_NOT_FOUND();
      question.setHidden(actor, hidden);
      await tx.questions.save(question);
      return question;
    });
  }
}
