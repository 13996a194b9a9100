import { SAFETY_ERRORS } from '../../domain/safety/errors.ts';
import { fileReport, type ReportSnapshot, type ReportTargetType } from '../../domain/safety/report.ts';
import type { User } from '../../domain/user/user.ts';
import type { UnitOfWork } from '../shared/marketplace-ports.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';

export interface ReportInput {
  targetType: ReportTargetType;
  targetId: string;
  reason: string;
  details?: string | null | undefined;
}

/**
 * 'Report' (issue 27 item 1, decision 0221) on a project, a bid, a message, a review, a question or answer, or
 * a profile: the item is looked up (404 when it is not there or the reporter cannot see it), then the rules of
 * `fileReport` apply. The report joins the moderation queue; the reporter sees 'Reported' on the item until it
 * is decided, and is then told the outcome.
 */
export class FileReport extends UseCase<{ uow: UnitOfWork; ids: IdGenerator; clock: Clock }> {
  execute(reporter: User, input: ReportInput): Promise<ReportSnapshot> {
    const now = this.deps.clock.now();
    return this.deps.uow.run(async (tx) => {
      const target = await tx.moderation.target(input.targetType, input.targetId);
      if (!target) throw SAFETY_ERRORS.REPORT_TARGET_NOT_FOUND();
      const alreadyOpen = await tx.moderation.hasOpenReport(reporter.id, target.type, target.id);
      const report = fileReport({
        id: this.deps.ids.next(),
        reporter,
        target,
        reason: input.reason,
        details: input.details,
        alreadyOpen,
        now,
      });
      await tx.moderation.addReport(report);
      return report;
    });
  }
}
