import { isSearchAlerts, type SearchAlerts } from '../../domain/project/saved-search.ts';
import { NotFoundError, ValidationError } from '../../domain/shared/errors.ts';

export function alertsOf(value: string): SearchAlerts {
  if (!isSearchAlerts(value)) {
    throw new ValidationError('UNKNOWN_ALERTS', `Alerts must be 'off', 'instant' or 'daily'`, 'alerts');
  }
  return value;
}

export function savedSearchNotFound(): NotFoundError {
  return new NotFoundError('SAVED_SEARCH_NOT_FOUND', 'Saved search not found');
}
