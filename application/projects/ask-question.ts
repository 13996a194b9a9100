import { QUESTION_WINDOW_MS, Question } from '../../domain/project/question.ts';
import type { User } from '../../domain/user/user.ts';
import type { AddingDeps } from '../shared/marketplace-ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { projectOf } from './shared.ts';

export class AskQuestion extends UseCase<AddingDeps> {
  /** A signed-in contractor or vendor asks on a project that takes bids (rate limited). The owner is told. */
  async execute(actor: User, projectId: string, text: string): Promise<Question> {
    const now = this.deps.clock.now();
    return this.deps.uow.commit(async (tx) => {
      // The asker's row lock makes "count recent questions, then insert" one step per asker.
      const asker = (await tx.users.lockForUpdate(actor.id)) ?? actor;
      const project = await projectOf(tx, projectId);
      const askedRecently = await tx.questions.countAskedSince(
        asker.id,
        new Date(now.getTime() - QUESTION_WINDOW_MS),
      );
      const asked = Question.ask({ id: this.deps.ids.next(), project, asker, text, askedRecently, now });
      await tx.questions.add(asked.question);
      return { result: asked.question, events: [asked.event] };
    });
  }
}
