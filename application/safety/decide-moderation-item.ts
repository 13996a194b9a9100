import { PROJECT_ERRORS } from '../../domain/project/errors.ts';
import { SAFETY_ERRORS } from '../../domain/safety/errors.ts';
import {
  decideItem,
  type ModerationAction,
  type ReportOutcome,
  type ReportTargetType,
} from '../../domain/safety/report.ts';
import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';

export interface DecisionInput {
  action: ModerationAction;
  /** The reason the author is told (hide, warn). */
  reason?: string | null | undefined;
  /** The admin's words to the author (hide, warn). */
  note?: string | null | undefined;
}

/**
 * An admin's decision on an item of the queue (issue 27 item 2, decision 0221), in one transaction under the
 * item's open reports' row locks: the rules of `decideItem`; 'hide' hides the content (a question or answer
 * also through Question.setHidden, which its read paths already honour); every open report on the item closes
 * with the outcome; the claim goes; the moderation log gets one line naming the reports it closed; the
 * reporters and the author are told (through the outbox). Answers the outcome.
 *
 * 'suspend' is wired here later: SuspendUser (built separately) runs inside the same transaction for the
 * item's author, the reports close with outcome 'suspended', and the log line says 'suspend'.
 */
export class DecideModerationItem extends UseCase<{ uow: UnitOfWork; ids: IdGenerator; clock: Clock }> {
  execute(
    admin: User,
    type: ReportTargetType,
    id: string,
    input: DecisionInput,
  ): Promise<{ outcome: ReportOutcome; closedReportIds: string[] }> {
    const now = this.deps.clock.now();
    return this.deps.uow.commit(async (tx) => {
      const open = await tx.moderation.lockOpenReports(type, id);
      const claim = await tx.moderation.claimOf(type, id);
      const found = open.length === 0 ? null : await tx.moderation.target(type, id);
      // Reports on an item that is gone since (a deleted project, an erased account) are decided all the same.
      const target = found ?? {
        type,
        id,
        authorId: open[0]?.authorId ?? null,
        projectId: null,
        projectTitle: null,
        hidden: false,
      };
      const decision = decideItem({ admin, claim, openReports: open, target, ...input, now });
      if (decision.action === 'hide' && !found) throw SAFETY_ERRORS.REPORT_TARGET_NOT_FOUND();
      if (decision.hides && decision.reason) {
        if (type === 'question' || type === 'answer') {
          const question = await tx.questions.findById(id);
          if (!question) throw PROJECT_ERRORS.QUESTION_NOT_FOUND();
          question.setHidden(admin, true);
          await tx.questions.save(question);
        }
        await tx.moderation.hide({
          targetType: type,
          targetId: id,
          authorId: target.authorId,
          reason: decision.reason,
          note: decision.note,
          hiddenBy: admin.id,
          hiddenAt: now,
        });
      }
      const reportIds = open.map((r) => r.id);
      await tx.moderation.closeReports(reportIds, decision.outcome, admin.id, now);
      await tx.moderation.release(type, id);
      await tx.moderation.record({
        id: this.deps.ids.next(),
        adminId: admin.id,
        action: decision.action,
        targetType: type,
        targetId: id,
        subjectId: target.authorId,
        reason: decision.reason,
        note: decision.note,
        reportIds,
        createdAt: now,
      });
      return { result: { outcome: decision.outcome, closedReportIds: reportIds }, events: decision.events };
    });
  }
}
