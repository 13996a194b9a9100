import { SAFETY_ERRORS } from '../../domain/safety/errors.ts';
import type { ReportTargetType } from '../../domain/safety/report.ts';
import type { User } from '../../domain/user/user.ts';
import { assertAdmin, DEFAULT_ADMIN_PAGE } from '../admin/shared.ts';
import { UseCase } from '../shared/use-case.ts';
import type { ModerationItemView, ModerationLogView, ModerationQuery, QueueItemView } from './ports.ts';

type Page = { limit?: number; offset?: number };

/** The moderation queue (issue 27 item 2, decision 0221): items with open reports, longest waiting first. */
export class ListModerationQueue extends UseCase<{ moderation: ModerationQuery }> {
  execute(actor: User, page: Page = {}): Promise<{ items: QueueItemView[]; total: number }> {
    assertAdmin(actor);
    return this.deps.moderation.queue({ limit: page.limit ?? DEFAULT_ADMIN_PAGE, offset: page.offset ?? 0 });
  }
}

/** One item of the queue with its reports and the content in its context; 404 NO_OPEN_REPORTS when none. */
export class GetModerationItem extends UseCase<{ moderation: ModerationQuery }> {
  async execute(actor: User, type: ReportTargetType, id: string): Promise<ModerationItemView> {
    assertAdmin(actor);
    const item = await this.deps.moderation.item(type, id);
    if (!item) throw SAFETY_ERRORS.NO_OPEN_REPORTS();
    return item;
  }
}

/** The moderation log (the admin audit log of decisions), newest first. */
export class ListModerationLog extends UseCase<{ moderation: ModerationQuery }> {
  execute(actor: User, page: Page = {}): Promise<{ items: ModerationLogView[]; total: number }> {
    assertAdmin(actor);
    return this.deps.moderation.log({ limit: page.limit ?? DEFAULT_ADMIN_PAGE, offset: page.offset ?? 0 });
  }
}
