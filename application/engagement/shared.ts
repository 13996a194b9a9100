import { NotFoundError } from '../../domain/shared/errors.ts';

export function projectNotFound(id: string): NotFoundError {
  return new NotFoundError('PROJECT_NOT_FOUND', `Project ${id} not found`);
}

export interface SaveState {
  saved: boolean;
  saveCount: number;
}
