import type { Transaction } from '../shared/marketplace-ports.ts';

export async function everyBidderIdOf(tx: Transaction, projectId: string): Promise<string[]> {
  return (await tx.bids.listByProject(projectId)).map((b) => b.contractorId);
}
