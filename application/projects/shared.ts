import { PROJECT_ERRORS } from '../../domain/project/errors.ts';
import type { Project } from '../../domain/project/project.ts';
import type { FileStorage, Transaction } from '../shared/marketplace-ports.ts';

/** Removes stored files without letting a storage failure hide the error (or result) that matters. */
export async function removeQuietly(files: FileStorage, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  try {
    await files.remove(names);
  } catch {
    // An orphaned file is harmless; the storage adapter logs it.
  }
}

/**
 * The users who bid on the project, read inside the transaction: pending, accepted or rejected. A withdrawn
 * bid is left out (decision 0193): its bidder deleted their account, so it neither holds the bid deadline
 * nor hears of the project again.
 */
export async function bidderIdsOf(tx: Transaction, projectId: string): Promise<string[]> {
  return (await tx.bids.listByProject(projectId))
    .filter((b) => b.status !== 'withdrawn')
    .map((b) => b.contractorId);
}

/**
 * The project, read in the transaction, or locked for update (`lock`: decisions on one project run one
 * after the other); 404 PROJECT_NOT_FOUND when there is none.
 */
export async function projectOf(
  tx: Transaction,
  projectId: string,
  how: 'read' | 'lock' = 'read',
): Promise<Project> {
  const project =
    how === 'lock' ? await tx.projects.lockForUpdate(projectId) : await tx.projects.findById(projectId);
  if (!project) throw PROJECT_ERRORS.PROJECT_NOT_FOUND();
  return project;
}

/**
 * A bid or question to change, with its project locked: read (`notFound` when it is not there), its project
 * locked, then read again under the lock, since a decision or an answer may have landed meanwhile.
 */
export async function underProjectLock<T extends { projectId: string }>(
  tx: Transaction,
  read: () => Promise<T | null>,
  notFound: () => Error,
): Promise<{ found: T; project: Project }> {
  const first = await read();
  if (!first) throw notFound();
  const project = await projectOf(tx, first.projectId, 'lock');
  return { found: (await read()) ?? first, project };
}
