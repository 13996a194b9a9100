/**
 * 'Report' (decision 0221): the dialog every remote opens to report a project, a message, a review, a question
 * or answer, a bid or a profile. The reasons are the domain's; 'Fake review' is offered for reviews only;
 * 'Other' needs words. The remote passes the call (`onReport`, its own API client and pact); the server's
 * refusal is shown in the dialog (e.g. 409 'You already reported this...').
 */
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
} from '@buildbid/domain/safety';
import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { FormDialog } from './FormDialog.tsx';
import { TextAreaInput } from './fields.tsx';

/** What the dialog says above the reasons. */
const REPORT_INTRO =
  "Tell BuildBid's moderators what is wrong. We don't tell the person who reported them, and we'll let you know what we decide.";

/** The toast after a report. */
export const REPORTED_TOAST = {
  title: 'Reported',
  description: "Thank you. We'll let you know what we decide.",
};

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : 'The report was not sent. Please try again.';
}

export function ReportDialog({
  isOpen,
  onOpenChange,
  title,
  targetType,
  onReport,
}: {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  /** 'Report this project', 'Report this message'... */
  title: string;
  targetType: ReportTargetType;
  /** Sends the report; resolves once it is filed (the dialog then closes), rejects with the server's words. */
  onReport(report: { reason: ReportReason; details: string | null }): Promise<void>;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasons = REPORT_REASONS.filter((r) => r !== 'fake_review' || targetType === 'review');
  const needsDetails = reason === 'other';
  const tooLong = [...details.trim()].length > REPORT_DETAILS_MAX_LENGTH;

  function close(open: boolean) {
    if (open) return onOpenChange(true);
    setReason(null);
    setDetails('');
    setError(null);
    onOpenChange(false);
  }

  async function submit() {
    if (!reason || pending || tooLong || (needsDetails && details.trim() === '')) return;
    setPending(true);
    setError(null);
    try {
      await onReport({ reason, details: details.trim() || null });
    } catch (failure) {
      setPending(false);
      setError(errorMessage(failure));
      return;
    }
    setPending(false);
    close(false);
  }

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={close}
      title={title}
      size="small"
      intro={<p className="dialog-text">{REPORT_INTRO}</p>}
      onSubmit={submit}
      submitLabel="Report"
      pendingLabel="Reporting..."
      pending={pending}
      tone="danger"
      isSubmitDisabled={!reason || tooLong || (needsDetails && details.trim() === '')}
    >
      <RadioGroup
        className="field radio-group"
        value={reason}
        onChange={(value) => setReason(value as ReportReason)}
        isRequired
      >
        <Label className="field-label">Reason</Label>
        {reasons.map((r) => (
          <Radio key={r} value={r} className="radio">
            {REPORT_REASON_LABELS[r]}
          </Radio>
        ))}
      </RadioGroup>
      <TextAreaInput
        name="details"
        label={needsDetails ? 'What is wrong?' : 'Anything to add? (optional)'}
        value={details}
        onChange={setDetails}
        isRequired={needsDetails}
        rows={3}
        error={tooLong ? `Keep it to ${REPORT_DETAILS_MAX_LENGTH} characters or fewer` : undefined}
      />
      {error && (
        <p className="alert alert-destructive" role="alert">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
