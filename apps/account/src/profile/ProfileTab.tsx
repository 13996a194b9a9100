/** The Profile tab (accounts-and-shell section 2): the person's details, read or edited, and the password card. */
import { ApiError, type ApiUser, ROLE_LABELS, type Role } from '@buildbid/api-client';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from '@buildbid/domain/account';
import { COUNTRIES } from '@buildbid/domain/catalog';
import { FormActions, SelectInput, SubmitForm, TextInput, useFields, useReportFailure } from '@buildbid/ui';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { changePassword, updateMe } from '../api.ts';
import {
  type PasswordChangeForm,
  type ProfileForm,
  passwordErrorField,
  validatePasswordChange,
  validateProfile,
} from '../profile-rules.ts';
import { countryName, Facts, type Shell } from './shared.tsx';

export const PROFILE_UPDATED = 'Your profile has been updated successfully.';
export const PASSWORD_CHANGED = 'Password changed. Your other sessions were signed out.';

function formOf(user: ApiUser): ProfileForm {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    country: user.country || 'US',
    role: user.role || 'client',
  };
}

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({
  value: c.code,
  label: `${c.flag} ${c.name}`,
  textValue: c.name,
}));

const NAME_FIELDS = [
  { name: 'firstName', label: 'First Name' },
  { name: 'lastName', label: 'Last Name' },
] as const;

function roleOptions(current: Role) {
  const roles: Role[] =
    current === 'admin' ? ['client', 'contractor', 'vendor', 'admin'] : ['client', 'contractor', 'vendor'];
  return roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
}

export function ProfileTab({ user, shell }: { user: ApiUser; shell: Shell }) {
  const [editing, setEditing] = useState(false);
  const { values: form, field, reset, setErrors } = useFields<ProfileForm>(() => formOf(user));
  const [saving, setSaving] = useState(false);
  // A new email needs the current password (docs/decisions/0141); the field shows only then.
  const [currentPassword, setCurrentPassword] = useState('');
  const changingEmail = form.email.trim().toLowerCase() !== user.email.toLowerCase();
  const report = useReportFailure(shell);

  function startEdit() {
    reset(formOf(user));
    setCurrentPassword('');
    setEditing(true);
  }

  async function save() {
    if (saving) return;
    const found = validateProfile(form);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      await updateMe({
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        email: form.email.trim(),
        country: form.country,
        role: form.role,
        ...(changingEmail ? { currentPassword } : {}),
      });
    } catch (error) {
      setSaving(false);
      report(error);
      return;
    }
    shell.toast({ title: 'Success', description: PROFILE_UPDATED });
    setSaving(false);
    setEditing(false);
    await shell.refreshUser();
  }

  if (!editing) {
    const view = formOf(user);
    return (
      <div className="profile-tab">
        <div className="tab-head">
          <h2 className="card-title">Profile Information</h2>
          <Button className="btn btn-outline" onPress={startEdit}>
            Edit
          </Button>
        </div>
        <Facts
          className="profile-readonly"
          rows={[
            ['First Name', view.firstName || '—'],
            ['Last Name', view.lastName || '—'],
            ['Email', view.email],
            ['Country', countryName(view.country)],
            ['Role', ROLE_LABELS[view.role]],
          ]}
        />
      </div>
    );
  }

  return (
    <div className="profile-tab">
      <div className="tab-head">
        <h2 className="card-title">Edit Profile</h2>
      </div>
      <SubmitForm onSubmit={save}>
        <div className="form-row">
          {NAME_FIELDS.map(({ name, label }) => (
            <TextInput key={name} label={label} {...field(name)} maxLength={MAX_NAME_LENGTH} isRequired />
          ))}
        </div>
        <TextInput label="Email" {...field('email')} maxLength={MAX_EMAIL_LENGTH} isRequired />
        {changingEmail ? (
          <TextInput
            label="Current Password"
            name="currentPassword"
            type="password"
            value={currentPassword}
            onChange={setCurrentPassword}
            description="Enter your password to change your email"
            isRequired
          />
        ) : null}
        <div className="form-row">
          <SelectInput label="Country" {...field('country')} options={COUNTRY_OPTIONS} isRequired />
          <SelectInput label="Role" {...field('role')} options={roleOptions(user.role)} isRequired />
        </div>
        <FormActions
          onCancel={() => setEditing(false)}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          pending={saving}
        />
      </SubmitForm>
    </div>
  );
}

// ---- Change password (decision 0160) ----------------------------------------------------------

const EMPTY_PASSWORDS: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

const PASSWORD_FIELDS = [
  { name: 'currentPassword', label: 'Current Password' },
  { name: 'newPassword', label: 'New Password', placeholder: 'Minimum 8 characters' },
  { name: 'confirmPassword', label: 'Confirm New Password' },
] as const;

/**
 * The Profile tab's 'Change Password' card: the current password and a new one twice. The API signs out
 * every other session of the account; this one stays. Refusals show under the field they are about.
 */
export function ChangePasswordCard({ shell }: { shell: Shell }) {
  const { values: form, field, reset, setErrors } = useFields(EMPTY_PASSWORDS);
  const [saving, setSaving] = useState(false);
  const report = useReportFailure(shell);

  async function save() {
    if (saving) return;
    const found = validatePasswordChange(form);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      await changePassword({ currentPassword: form.currentPassword, newPassword: form.newPassword });
    } catch (error) {
      setSaving(false);
      const field = error instanceof ApiError ? passwordErrorField(error.code, error.field) : null;
      if (field && error instanceof ApiError && error.status === 400) setErrors({ [field]: error.message });
      else report(error);
      return;
    }
    setSaving(false);
    reset(EMPTY_PASSWORDS);
    shell.toast({ title: 'Success', description: PASSWORD_CHANGED });
  }

  return (
    <section className="profile-tab change-password" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="card-title">
        Change Password
      </h2>
      <SubmitForm onSubmit={save}>
        {PASSWORD_FIELDS.map(({ name, ...input }) => (
          <TextInput key={name} type="password" {...input} {...field(name)} isRequired />
        ))}
        <div className="actions">
          <Button type="submit" className="btn btn-primary" isDisabled={saving}>
            {saving ? 'Changing...' : 'Change Password'}
          </Button>
        </div>
      </SubmitForm>
    </section>
  );
}
