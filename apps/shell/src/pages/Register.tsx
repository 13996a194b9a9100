import { serverMessage } from '@buildbid/api-client';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from '@buildbid/domain/account';
import { findCountry, REGISTRATION_COUNTRY_CODES } from '@buildbid/domain/catalog';
import { SelectInput, TextInput } from '@buildbid/ui';
import { useState } from 'react';
import { register, signIn } from '../auth.ts';
import {
  AuthForm,
  AuthPage,
  AuthSwitch,
  checkPasswords,
  EmailField,
  NewPasswordFields,
  useAuthForm,
} from '../components/AuthForm.tsx';
import { navigate } from '../router.ts';

type AccountType = 'client' | 'contractor' | 'vendor';

const ACCOUNT_TYPES: Array<{ value: AccountType; label: string }> = [
  { value: 'client', label: 'Client - Post Projects' },
  { value: 'contractor', label: 'Contractor - Bid on Projects' },
  { value: 'vendor', label: 'Vendor - Supply Materials' },
];

const COUNTRY_OPTIONS = REGISTRATION_COUNTRY_CODES.map((code) => ({
  value: code as string,
  label: findCountry(code)?.name ? `${findCountry(code)?.name} (${code})` : code,
}));

export function RegisterPage() {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [role, setRole] = useState<AccountType>('client');
  const [country, setCountry] = useState<string>('US');
  const form = useAuthForm({
    check: () => checkPasswords(password, confirm),
    async send() {
      const trimmedEmail = email.trim();
      await register({
        email: trimmedEmail,
        password,
        role,
        country,
        ...(firstName.trim() ? { firstName: firstName.trim() } : {}),
        ...(lastName.trim() ? { lastName: lastName.trim() } : {}),
      });
      await signIn(trimmedEmail, password);
      navigate('/dashboard');
    },
    failed: (error) => serverMessage(error, 'Registration failed'),
  });
  const { edit } = form;

  return (
    <AuthPage title="Create your account" subtitle="Join as a client, contractor, or vendor" wide>
      <AuthForm form={form} submit="Create Account" busyText="Creating Account...">
        <div className="form-row">
          <TextInput
            label="First Name"
            name="firstName"
            autoComplete="given-name"
            maxLength={MAX_NAME_LENGTH}
            value={firstName}
            onChange={edit(setFirstName)}
          />
          <TextInput
            label="Last Name"
            name="lastName"
            autoComplete="family-name"
            maxLength={MAX_NAME_LENGTH}
            value={lastName}
            onChange={edit(setLastName)}
          />
        </div>
        <EmailField
          label="Email address"
          isRequired
          maxLength={MAX_EMAIL_LENGTH}
          value={email}
          onChange={edit(setEmail)}
        />
        <NewPasswordFields
          label="Password"
          password={password}
          confirm={confirm}
          onPassword={edit(setPassword)}
          onConfirm={edit(setConfirm)}
        />
        <SelectInput
          label="Account Type"
          name="role"
          isRequired
          value={role}
          options={ACCOUNT_TYPES}
          onChange={edit((value: string) => setRole(value as AccountType))}
        />
        <SelectInput
          label="Country"
          name="country"
          value={country}
          options={COUNTRY_OPTIONS}
          onChange={edit(setCountry)}
        />
      </AuthForm>
      <AuthSwitch prompt="Already have an account?" href="/signin">
        Sign in
      </AuthSwitch>
    </AuthPage>
  );
}
