import { USER_ERRORS } from '../../domain/user/errors.ts';

import type { User } from '../../domain/user/user.ts';

export const DEFAULT_ADMIN_PAGE = 50;

export const MAX_ADMIN_PAGE = 200;

export function assertAdmin(actor: User): void {
  if (!actor.isAdmin) throw USER_ERRORS.ADMIN_ONLY();
}
