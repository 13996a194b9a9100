import { PROJECT_ERRORS } from '../../domain/project/errors.ts';
import type { NotFoundError } from '../../domain/shared/errors.ts';

export function projectNotFound(id: string): NotFoundError {
  return PROJECT_ERRORS.PROJECT_NOT_FOUND(`Project ${id} not found`);
}

export interface SaveState {
  saved: boolean;
  saveCount: number;
}
