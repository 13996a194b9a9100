import type { Role, User } from '../../domain/user/user.ts';

export interface UserPageFilter {
  role?: Role | undefined;
  /** Matched, ignoring case, inside the email, the first name, the last name or 'first last'. */
  q?: string | undefined;
  limit: number;
  offset: number;
}

/** A person as the audit log names them; null once their account is gone. */
export interface AuditPerson {
  id: string;
  name: string;
  email: string;
}

/** One entry of the role-change audit log, with the people named. */
export interface RoleChangeView {
  id: string;
  /** Null when the change came from the admin:promote CLI or the admin's account was deleted. */
  actor: AuditPerson | null;
  target: AuditPerson;
  fromRole: Role;
  toRole: Role;
  createdAt: Date;
}

/**
 * What an admin did to a user, beside role changes, in the admin audit log (decision 0224): a suspension and
 * its lifting (decision 0223); the moderation queue's actions join it. `reportId` names the report the action
 * closed, when it came from the queue.
 */
export type AdminActionKind = 'user_suspended' | 'suspension_lifted';

export interface AdminActionEntry {
  id: string;
  actorId: string;
  targetId: string;
  action: AdminActionKind;
  /** Why, in the admin's words (a suspension's reason); null when the action has none. */
  reason: string | null;
  reportId: string | null;
  /** A suspension's last instant; null for 'until lifted' and for other actions. */
  endsAt: Date | null;
  createdAt: Date;
}

/** The admin_actions table, inside the transaction of the action it records. */
export interface AdminActionLog {
  record(entry: AdminActionEntry): Promise<void>;
}

/** One entry of the admin actions log, with the people named. */
export interface AdminActionView extends Omit<AdminActionEntry, 'actorId' | 'targetId'> {
  /** Null once the admin's account is gone. */
  actor: AuditPerson | null;
  target: AuditPerson;
}

/** The admin page's read side. */
export interface AdminQuery {
  /** Users oldest first (created_at, id), with how many match in all. */
  users(filter: UserPageFilter): Promise<{ items: User[]; total: number }>;
  /** The role-change audit log, newest first, with how many entries exist. */
  roleChanges(page: { limit: number; offset: number }): Promise<{ items: RoleChangeView[]; total: number }>;
  /** The admin actions log (decision 0224), newest first, with how many entries exist. */
  adminActions(page: { limit: number; offset: number }): Promise<{ items: AdminActionView[]; total: number }>;
}
