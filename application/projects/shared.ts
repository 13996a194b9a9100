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
