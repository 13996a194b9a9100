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

/** The admin page's read side. */
export interface AdminQuery {
  /** Users oldest first (created_at, id), with how many match in all. */
  users(filter: UserPageFilter): Promise<{ items: User[]; total: number }>;
  /** The role-change audit log, newest first, with how many entries exist. */
  roleChanges(page: { limit: number; offset: number }): Promise<{ items: RoleChangeView[]; total: number }>;
}
