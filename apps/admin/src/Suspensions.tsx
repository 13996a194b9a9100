/**
 * Suspensions on the admin page (decision 0223, issue 27 item 3): the users table's 'Suspend' dialog (for a
 * number of days or until lifted, with a reason) and 'Lift suspension' confirmation, the status a row shows,
 * and the moderation log (decision 0224) below the role changes. The server is the authority for every rule:
 * its refusals show under the field they name, or as a toast.
 */
import { ApiError, type RemoteProps, serverMessage } from '@buildbid/api-client';
import { ConfirmDialog, FormDialog, formatDate, TextAreaInput, TextInput, whenClosed } from '@buildbid/ui';
import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { type AdminAction, type AdminUser, liftSuspension, type Suspension, suspendUser } from './api.ts';

/** The longest suspension with an end date (the domain's MAX_SUSPENSION_DAYS; the server checks it). */
const MAX_DAYS = 365;
const DEFAULT_DAYS = '7';

/** 'Suspended through Dec 3, 2026', 'Suspended until lifted', or 'Active'. */
export function suspensionStatusText(suspension: Suspension | null | undefined): string {
  if (!suspension) return 'Active';
  return suspension.endsAt === null
    ? 'Suspended until lifted'
    : `Suspended through ${formatDate(suspension.endsAt)}`;
}

/** How long, in the toast and the log: 'through Dec 3, 2026' or 'until lifted'. */
function lengthText(endsAt: string | null): string {
  return endsAt === null ? 'until lifted' : `through ${formatDate(endsAt)}`;
}

/** A log entry's action in words. */
export function moderationActionText(entry: AdminAction): string {
  if (entry.action === 'user_suspended') return 'Suspended';
  if (entry.action === 'suspension_lifted') return 'Lifted suspension';
  return entry.action;
}

/** A log entry's details: 'Through Dec 3, 2026 · <reason>', 'Until lifted · <reason>', or nothing. */
export function moderationActionDetails(entry: AdminAction): string {
  if (entry.action !== 'user_suspended') return '';
  const length = lengthText(entry.endsAt);
  const text = `${length[0]?.toUpperCase()}${length.slice(1)}`;
  return entry.reason ? `${text} · ${entry.reason}` : text;
}

type Length = 'days' | 'lifted';

/**
 * 'Suspend {name}?': for a number of days (7 unless changed) or until lifted, with a reason. On success the
 * dialog closes, a toast says until when, and `onDone` reloads the table; a refusal naming a field shows under
 * it, any other as a toast.
 */
export function SuspendDialog({
  target,
  name,
  onClose,
  onDone,
  toast,
}: {
  target: AdminUser | null;
  name: string;
  onClose(): void;
  onDone(): Promise<void>;
} & Pick<RemoteProps, 'toast'>) {
  const [length, setLength] = useState<Length>('days');
  const [days, setDays] = useState(DEFAULT_DAYS);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ days?: string; reason?: string }>({});
  const [pending, setPending] = useState(false);

  function close() {
    setLength('days');
    setDays(DEFAULT_DAYS);
    setReason('');
    setErrors({});
    onClose();
  }

  async function submit() {
    if (!target) return;
    const count = Number(days.trim());
    const local: typeof errors = {};
    if (length === 'days' && !(Number.isInteger(count) && count >= 1 && count <= MAX_DAYS)) {
      local.days = `Enter a whole number of days from 1 to ${MAX_DAYS}`;
    }
    if (reason.trim() === '') local.reason = 'Give a reason for the suspension';
    if (local.days || local.reason) {
      setErrors(local);
      return;
    }
    setPending(true);
    try {
      const made = await suspendUser(target.id, {
        days: length === 'days' ? count : null,
        reason: reason.trim(),
      });
      toast({ title: 'User Suspended', description: `${name} is suspended ${lengthText(made.endsAt)}.` });
      setPending(false);
      close();
      await onDone();
    } catch (error) {
      setPending(false);
      console.error(`Admin: suspending ${target.id} failed`, error);
      const field = error instanceof ApiError ? error.field : undefined;
      if (field === 'days' || field === 'reason') {
        setErrors({ [field]: serverMessage(error, 'Check this field') });
        return;
      }
      toast({
        title: 'Not Suspended',
        description: serverMessage(error, 'The suspension failed. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <FormDialog
      isOpen={target !== null}
      onOpenChange={whenClosed(close)}
      title={`Suspend ${name}?`}
      intro={
        <p className="dialog-text">
          They are signed out everywhere at once and cannot sign in until the suspension ends. Their open
          projects are hidden and take no bids, their pending bids are withdrawn, and they get no email but
          the notice of the suspension, which quotes the reason.
        </p>
      }
      onSubmit={submit}
      submitLabel="Suspend"
      pendingLabel="Suspending..."
      pending={pending}
      tone="danger"
    >
      <RadioGroup
        className="radio-group"
        value={length}
        onChange={(value) => {
          setLength(value as Length);
          setErrors((e) => ({ ...e, days: undefined }));
        }}
        isDisabled={pending}
      >
        <Label className="field-label">How long</Label>
        <Radio value="days" className="radio">
          <span className="radio-text">For a number of days</span>
        </Radio>
        <Radio value="lifted" className="radio">
          <span className="radio-text">Until lifted</span>
        </Radio>
      </RadioGroup>
      {length === 'days' && (
        <TextInput
          label="Days"
          name="days"
          type="number"
          inputMode="numeric"
          isRequired
          value={days}
          onChange={(value) => {
            setDays(value);
            setErrors((e) => ({ ...e, days: undefined }));
          }}
          description={`1 to ${MAX_DAYS}. It lasts through the end of the last day.`}
          error={errors.days}
        />
      )}
      <TextAreaInput
        label="Reason"
        name="reason"
        isRequired
        rows={3}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setErrors((e) => ({ ...e, reason: undefined }));
        }}
        error={errors.reason}
      />
    </FormDialog>
  );
}

/** 'Lift suspension?': they can sign in again and their projects show again; withdrawn bids stay withdrawn. */
export function LiftDialog({
  target,
  name,
  onClose,
  onDone,
  toast,
}: {
  target: AdminUser | null;
  name: string;
  onClose(): void;
  onDone(): Promise<void>;
} & Pick<RemoteProps, 'toast'>) {
  const [pending, setPending] = useState(false);

  async function confirm() {
    if (!target) return;
    setPending(true);
    try {
      await liftSuspension(target.id);
      toast({ title: 'Suspension Lifted', description: `${name} can sign in again.` });
    } catch (error) {
      console.error(`Admin: lifting the suspension of ${target.id} failed`, error);
      toast({
        title: 'Suspension Not Lifted',
        description: serverMessage(error, 'Lifting the suspension failed. Please try again.'),
        variant: 'destructive',
      });
    }
    setPending(false);
    onClose();
    await onDone();
  }

  return (
    <ConfirmDialog
      isOpen={target !== null}
      onOpenChange={whenClosed(onClose)}
      title="Lift suspension?"
      confirmLabel="Lift Suspension"
      pendingLabel="Lifting..."
      pending={pending}
      tone="primary"
      onConfirm={() => void confirm()}
    >
      {target && (
        <p>
          Lift the suspension of {name} ({target.email})? They can sign in again and their projects are shown
          again. Bids withdrawn by the suspension stay withdrawn.
        </p>
      )}
    </ConfirmDialog>
  );
}
