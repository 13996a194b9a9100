/** A project's phase labels and rules, the browse filter's budget bands, and the rules an upload must meet. */
export { BUDGET_BANDS, type BudgetBand } from '../../domain/project/browse.ts';
export {
  isAllowedFileType,
  MAX_FILE_SIZE_BYTES,
  MAX_PROJECT_FILES,
  SNIFF_BYTES,
  sniffType,
} from '../../domain/project/files.ts';
export {
  biddingClosedReason,
  isEditable,
  PHASE_LABELS,
  type ProjectPhase,
} from '../../domain/project/phase.ts';
