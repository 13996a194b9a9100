/** The Preferences tab: downloading the account's data and deleting the account. */
import { ApiError, hasStatus } from '@buildbid/api-client';
import { errorText, FormDialog, TextInput, useFields, useReportFailure } from '@buildbid/ui';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { deleteMyAccount, EXPORT_FILE_NAME, exportMyData } from '../api.ts';
import { passwordErrorField } from '../profile-rules.ts';
import type { Shell } from './shared.tsx';

/** Saves the export under EXPORT_FILE_NAME through a temporary link to the Blob. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * 'Delete your account?' (decision 0160): says what goes and what stays, and asks for the password. The API
 * clears the session; the shell then reads the user again (signed out) and goes to '/'.
 */
function DeleteAccountDialog({
  isOpen,
  onOpenChange,
  shell,
}: {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  shell: Shell;
}) {
  const { values, field, reset, setErrors } = useFields({ password: '' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const report = useReportFailure(shell);

  function openChange(open: boolean) {
    if (deleting) return;
    if (!open) {
      reset({ password: '' });
      setRefusal(null);
    }
    onOpenChange(open);
  }

  async function confirm() {
    if (deleting) return;
    if (values.password === '') {
      setErrors({ password: 'Enter your current password' });
      return;
    }
    setDeleting(true);
    setRefusal(null);
    try {
      await deleteMyAccount(values.password);
    } catch (error) {
      setDeleting(false);
      if (hasStatus(error, 401)) {
        openChange(false);
        report(error);
      } else if (error instanceof ApiError && passwordErrorField(error.code, error.field)) {
        setErrors({ password: error.message });
      } else {
        setRefusal(errorText(error));
      }
      return;
    }
    // Signed out on the server: the shell reads that, then the visitor lands on the home page.
    await shell.refreshUser();
    shell.navigate('/');
  }

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={openChange}
      title="Delete your account?"
      role="alertdialog"
      intro={
        <>
          <div className="dialog-text">
            <p>This cannot be undone. These go for good:</p>
            <ul className="delete-list">
              <li>your profile</li>
              <li>your projects without an accepted bid, and their files</li>
              <li>your saved searches and notifications</li>
              <li>your Pro subscription is cancelled</li>
            </ul>
            <p>
              Your bids, messages and reviews stay, because others rely on them; they are shown as 'Deleted
              user'.
            </p>
          </div>
          {refusal && (
            <p className="field-error" role="alert">
              {refusal}
            </p>
          )}
        </>
      }
      onSubmit={confirm}
      submitLabel="Delete my account"
      pendingLabel="Deleting..."
      pending={deleting}
      tone="danger"
    >
      <TextInput label="Current Password" type="password" {...field('password')} isRequired />
    </FormDialog>
  );
}

/**
 * The Preferences tab. The spec's three toggles ('show profile publicly', 'country-based filtering',
 * 'auto-save bid drafts') were kept in the browser and changed nothing, so they are removed (decision
 * 0092); email notifications live on the Notifications tab and the country filter in the header.
 * The danger zone downloads the account's data and deletes the account (decision 0160).
 */
export function PreferencesTab({ shell }: { shell: Shell }) {
  const [exporting, setExporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const report = useReportFailure(shell);

  async function download() {
    setExporting(true);
    try {
      saveFile(await exportMyData(), EXPORT_FILE_NAME);
    } catch (error) {
      report(error);
    }
    setExporting(false);
  }

  return (
    <div className="profile-tab">
      <h2 className="card-title">Preferences</h2>
      <p className="muted small">
        Choose which country's projects you browse with the country filter in the header; email notifications
        are on the Notifications tab.
      </p>
      <div className="danger-zone">
        <h3 className="danger-title">Your data</h3>
        <p className="muted small">
          Download everything your account holds (profile, projects, bids, messages, reviews, saved searches,
          saved projects and notifications) as {EXPORT_FILE_NAME}.
        </p>
        <Button className="btn btn-outline" isDisabled={exporting} onPress={() => void download()}>
          {exporting ? 'Preparing...' : 'Download my data'}
        </Button>
        <h3 className="danger-title">Delete Account</h3>
        <p className="muted small">
          Deleting your account removes your profile and your projects without an accepted bid. Bids, messages
          and reviews others rely on stay, shown as 'Deleted user'.
        </p>
        <Button className="btn btn-danger" onPress={() => setDeleting(true)}>
          Delete Account
        </Button>
      </div>
      <DeleteAccountDialog isOpen={deleting} onOpenChange={setDeleting} shell={shell} />
    </div>
  );
}
