import type { QuestionAudience, QuestionSnapshot } from '../../domain/project/question.ts';
import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { projectOf } from './shared.ts';

/** A question as the project page shows it to one viewer. */
export interface QuestionView {
  question: QuestionSnapshot;
  /** The asker's display name: for the owner and admins always, for others only when the owner shows it. */
  askerName: string | null;
  /** Whether the viewer asked it. */
  mine: boolean;
}

export class ListQuestions extends UseCase<{ uow: UnitOfWork }> {
  /**
   * The project's questions for this viewer, oldest first: everyone sees answered ones and
   * clarifications; the asker also sees their own open ones; the owner every one not hidden; admins all.
   */
  execute(viewer: User, projectId: string): Promise<QuestionView[]> {
    return this.deps.uow.run(async (tx) => {
      const project = await projectOf(tx, projectId);
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
