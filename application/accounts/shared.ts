import type { User } from '../../domain/user/user.ts';
import type { Transaction } from '../shared/marketplace-ports.ts';
import type { IdGenerator } from '../shared/ports.ts';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Inside a transaction, before the user's own row is locked: loads and locks the user whose role may
 * change, refusing (409 LAST_ADMIN) a change that would take the role from the last admin. A change
 * away from admin locks every admin row first (always in the same order, so two admins demoting each
 * other at once queue instead of deadlocking, and the second then sees the first's change).
 */
export async function lockForRoleChange(
  tx: Pick<Transaction, 'users'>,
  userId: string,
  newRole: string | undefined,
): Promise<User | null> {
  const admins = newRole !== undefined && newRole !== 'admin' ? await tx.users.lockAdmins() : null;
  const user = await tx.users.lockForUpdate(userId);
  if (user && admins && newRole !== undefined) user.assertNotLastAdmin(newRole, admins);
  return user;
}

/** Assigns the role and, when it changed, writes the audit entry in the same transaction (docs/security.md). */
export async function assignRoleAudited(
  tx: Pick<Transaction, 'users' | 'roleChanges'>,
  target: User,
  role: string,
  actorId: string | null,
  ids: IdGenerator,
  now: Date,
): Promise<void> {
  const fromRole = target.role;
  target.assignRole(role, now);
  await tx.users.save(target);
  if (target.role !== fromRole) {
    await tx.roleChanges.record({
      id: ids.next(),
      actorId,
      targetId: target.id,
      fromRole,
      toRole: target.role,
      createdAt: now,
    });
  }
}
