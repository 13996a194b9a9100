import { PROJECT_ERRORS } from '../../domain/project/errors.ts';
import { isSearchAlerts, type SearchAlerts } from '../../domain/project/saved-search.ts';

export function alertsOf(value: string): SearchAlerts {
  if (!isSearchAlerts(value)) {
    throw PROJECT_ERRORS.UNKNOWN_ALERTS(`Alerts must be 'off', 'instant' or 'daily'`, 'alerts');
  }
  return value;
}
