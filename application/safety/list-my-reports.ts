import type { ReportTargetType } from '../../domain/safety/report.ts';
import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { ModerationQuery, MyReportView } from './ports.ts';

/** The signed-in user's open reports (decision 0221): what shows 'Reported' on the items they reported. */
export class ListMyReports extends UseCase<{ moderation: ModerationQuery }> {
  execute(user: User, type: ReportTargetType | null): Promise<MyReportView[]> {
    return this.deps.moderation.openReportsBy(user.id, type);
  }
}
