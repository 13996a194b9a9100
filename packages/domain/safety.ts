/** Reporting (decision 0221): the reasons with their words, and the longest text a report or a decision takes. */
export {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
} from '../../domain/safety/report.ts';
