import { NotFoundError } from '../../domain/shared/errors.ts';
import type { Transaction } from '../shared/marketplace-ports.ts';

export function questionNotFound(): NotFoundError {
  return new NotFoundError('QUESTION_NOT_FOUND', 'Question not found');
}

export async function everyBidderIdOf(tx: Transaction, projectId: string): Promise<string[]> {
  return (await tx.bids.listByProject(projectId)).map((b) => b.contractorId);
}
