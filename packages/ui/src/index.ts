/**
 * @buildbid/ui: what more than one micro-frontend needs (formatting, labels, form fields, dialogs,
 * badges, icons, failure toasts, messaging a project's owner). Import it by package name; the
 * stylesheet is `@buildbid/ui/shared.css`. Remotes bundle their own copy (it is not a federation
 * singleton), so a release of this package reaches a remote when that remote is rebuilt.
 */

export { ConfirmDialog } from './ConfirmDialog.tsx';
export { messageOwner, ownerChat } from './chat.ts';
export {
  type BidDialogModule,
  type BidDialogProject,
  type BidDialogProps,
  type EditableBid,
  type ReceivedBidsModule,
  type ReceivedBidsProps,
  type RemoteModuleState,
  useRemoteModule,
} from './exposed.ts';
export { DialogFrame, FormActions, FormDialog, SubmitForm, type SubmitProps } from './FormDialog.tsx';
export { type Choice, SelectInput, TextAreaInput, TextInput, ToggleSwitch } from './fields.tsx';
export {
  BUDGET_NEGOTIABLE,
  formatAverage,
  formatBudget,
  formatDate,
  formatPostedAgo,
  formatRating,
  formatTimeLeft,
  formatUsd,
  humanize,
  initials,
  ownerRatingText,
  personName,
  platformDate,
  plural,
  projectsFoundText,
  sumAmounts,
  type TimeLeft,
  toAmount,
} from './format.ts';
export { fieldsOf, useFields, useReportFailure, useSubmit, whenClosed } from './forms.ts';
export { MessageIcon, PinIcon, ShareIcon, StrokeIcon } from './icons.tsx';
export {
  categoryLabel,
  phaseGroupLabel,
  placeText,
  projectTypeLabel,
  serviceLabel,
  stageLabel,
} from './labels.ts';
export {
  errorText,
  isBidLimitError,
  LOGGED_OUT_TEXT,
  LOGIN_URL,
  reportFailure,
  statusText,
  UNAUTHORIZED_REDIRECT_MS,
} from './notify.ts';
export { OwnerBlock, ProjectThumbnails } from './OwnerBlock.tsx';
export { PhaseBadge, phaseLabel, StatusBadge } from './PhaseBadge.tsx';
export { RemoteRouter } from './RemoteRouter.tsx';
export { REPORTED_TOAST, ReportDialog } from './ReportDialog.tsx';
export { explainStandaloneRemote, lazyPage, RemotePages, remoteApp, Spinner } from './remote-app.tsx';
export { Busy, EmptyState, LoadFailed, Skeleton, TitledCard } from './sections.tsx';
export { type LoadState, useLoad } from './useLoad.ts';
