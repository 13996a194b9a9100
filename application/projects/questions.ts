import {
  QUESTION_WINDOW_MS,
  Question,
  type QuestionAudience,
  type QuestionSnapshot,
} from '../../domain/project/question.ts';
import { NotFoundError } from '../../domain/shared/errors.ts';
import type { User } from '../../domain/user/user.ts';
import type { EventPublisher, Transaction, UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { projectNotFound } from './use-cases.ts';

export function questionNotFound(): NotFoundError {
  return new NotFoundError('QUESTION_NOT_FOUND', 'Question not found');
}

async function bidderIdsOf(tx: Transaction, projectId: string): Promise<string[]> {
  return (await tx.bids.listByProject(projectId)).map((b) => b.contractorId);
}

/** A question as the project page shows it to one viewer. */
export interface QuestionView {
  question: QuestionSnapshot;
  /** The asker's display name: for the owner and admins always, for others only when the owner shows it. */
  askerName: string | null;
  /** Whether the viewer asked it. */
  mine: boolean;
}

export class AskQuestion extends UseCase<{
  uow: UnitOfWork;
  events: EventPublisher;
  ids: IdGenerator;
  clock: Clock;
}> {
  /** A signed-in contractor or vendor asks on a project that takes bids (rate limited). The owner is told. */
  async execute(actor: User, projectId: string, text: string): Promise<Question> {
    const now = this.deps.clock.now();
    const { question, event } = await this.deps.uow.run(async (tx) => {
      // The asker's row lock makes "count recent questions, then insert" one step per asker.
      const asker = (await tx.users.lockForUpdate(actor.id)) ?? actor;
      const project = await tx.projects.findById(projectId);
      if (!project) throw projectNotFound(projectId);
      const askedRecently = await tx.questions.countAskedSince(
        asker.id,
        new Date(now.getTime() - QUESTION_WINDOW_MS),
      );
      const asked = Question.ask({ id: this.deps.ids.next(), project, asker, text, askedRecently, now });
      await tx.questions.add(asked.question);
      await tx.outbox.add([asked.event]);
      return asked;
    });
    await this.deps.events.publish([event]);
    return question;
  }
}

export class PostClarification extends UseCase<{
  uow: UnitOfWork;
  events: EventPublisher;
  ids: IdGenerator;
  clock: Clock;
}> {
  /** The owner publishes a clarification without a question; every bidder is told. */
  async execute(actor: User, projectId: string, text: string): Promise<Question> {
    const { question, event } = await this.deps.uow.run(async (tx) => {
      const project = await tx.projects.lockForUpdate(projectId);
      if (!project) throw projectNotFound(projectId);
      const posted = Question.clarify({
        id: this.deps.ids.next(),
        project,
        actor,
        text,
        bidderIds: await bidderIdsOf(tx, projectId),
        now: this.deps.clock.now(),
      });
      await tx.questions.add(posted.question);
      await tx.outbox.add([posted.event]);
      return posted;
    });
    await this.deps.events.publish([event]);
    return question;
  }
}

export class AnswerQuestion extends UseCase<{ uow: UnitOfWork; events: EventPublisher; clock: Clock }> {
  /** The owner answers once; the asker and every bidder are told. */
  async execute(
    actor: User,
    questionId: string,
    input: { answer: string; showAsker?: boolean },
  ): Promise<Question> {
    const { question, event } = await this.deps.uow.run(async (tx) => {
      const found = await tx.questions.findById(questionId);
      if (!found) throw questionNotFound();
      const project = await tx.projects.lockForUpdate(found.projectId);
      if (!project) throw projectNotFound(found.projectId);
      // Read again under the project's lock: a second answer may have landed meanwhile.
      const question = (await tx.questions.findById(questionId)) ?? found;
      const event = question.answer(
        actor,
        project,
        { text: input.answer, showAsker: input.showAsker ?? false },
        await bidderIdsOf(tx, project.id),
        this.deps.clock.now(),
      );
      await tx.questions.save(question);
      await tx.outbox.add([event]);
      return { question, event };
    });
    await this.deps.events.publish([event]);
    return question;
  }
}

export class HideQuestion extends UseCase<{ uow: UnitOfWork }> {
  /** Admins hide (or show again) an abusive question. */
  execute(actor: User, questionId: string, hidden: boolean): Promise<Question> {
    return this.deps.uow.run(async (tx) => {
      const question = await tx.questions.findById(questionId);
      if (!question) throw questionNotFound();
      question.setHidden(actor, hidden);
      await tx.questions.save(question);
      return question;
    });
  }
}

export class ListQuestions extends UseCase<{ uow: UnitOfWork }> {
  /**
   * The project's questions for this viewer, oldest first: everyone sees answered ones and
   * clarifications; the asker also sees their own open ones; the owner every one not hidden; admins all.
   */
  execute(viewer: User, projectId: string): Promise<QuestionView[]> {
    return this.deps.uow.run(async (tx) => {
      const project = await tx.projects.findById(projectId);
      if (!project) throw projectNotFound(projectId);
      const audience: QuestionAudience =
        viewer.role === 'admin' ? 'admin' : project.isOwnedBy(viewer.id) ? 'owner' : 'public';
      const visible = (await tx.questions.listByProject(projectId)).filter((q) =>
        q.isVisibleTo(audience, viewer.id),
      );
      const names = new Map<string, string>();
      const views: QuestionView[] = [];
      for (const q of visible) {
        const s = q.toSnapshot();
        const named = s.askerId !== null && (audience !== 'public' || s.showAsker);
        if (named && s.askerId && !names.has(s.askerId)) {
          names.set(s.askerId, (await tx.users.findById(s.askerId))?.name ?? 'A bidder');
        }
        views.push({
          question: s,
          askerName: named && s.askerId ? (names.get(s.askerId) ?? null) : null,
          mine: s.askerId === viewer.id,
        });
      }
      return views;
    });
  }
}
