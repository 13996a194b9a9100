import { serverMessage } from '@buildbid/api-client';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH } from '@buildbid/domain/account';
import { findCountry, REGISTRATION_COUNTRY_CODES } from '@buildbid/domain/catalog';
import { type FormEvent, useState } from 'react';
import {
  Button,
  FieldError,
  Form,
  type Key,
  Label,
  Link,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';
import { register, signIn } from '../auth.ts';
import { Alert } from '../components/Alert.tsx';
import { Field } from '../components/Field.tsx';
import { Logo } from '../components/Logo.tsx';
import { navigate } from '../router.ts';

type AccountType = 'client' | 'contractor' | 'vendor';

const ACCOUNT_TYPES: Array<{ id: AccountType; label: string }> = [
  { id: 'client', label: 'Client - Post Projects' },
  { id: 'contractor', label: 'Contractor - Bid on Projects' },
  { id: 'vendor', label: 'Vendor - Supply Materials' },
];

/** NIST SP 800-63B's minimum, the API's rule (decision 0191; the spec said 6). */
export const MIN_PASSWORD_LENGTH = 8;

/** The client checks, in the spec's order: matching passwords first, then the length (in characters). */
export function checkPasswords(password: string, confirm: string): string | null {
  if (password !== confirm) return 'Passwords do not match';
  if ([...password].length < MIN_PASSWORD_LENGTH)
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.trim() === '') return 'Password cannot be only spaces';
  return null;
}

interface ChoiceProps<T extends string> {
  label: string;
  name: string;
  value: T;
  options: Array<{ id: T; label: string }>;
  onChange(value: T): void;
  isRequired?: boolean;
}

function Choice<T extends string>({ label, name, value, options, onChange, isRequired }: ChoiceProps<T>) {
  return (
    <Select
      className="field"
      name={name}
      value={value}
      isRequired={isRequired}
      onChange={(key: Key | null) => {
        if (key !== null) onChange(String(key) as T);
      }}
    >
      <div className="field-label-row">
        <Label className="field-label">{label}</Label>
        {isRequired && (
          <span className="field-required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      <Button className="select-button">
        <SelectValue />
        <span aria-hidden="true" className="chevron">
          ▾
        </span>
      </Button>
      <div className="field-error-slot">
        <FieldError className="field-error" />
      </div>
      <Popover className="popover">
        <ListBox className="listbox">
          {options.map((o) => (
            <ListBoxItem key={o.id} id={o.id} className="listbox-item">
              {o.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

const COUNTRY_OPTIONS = REGISTRATION_COUNTRY_CODES.map((code) => ({
  id: code as string,
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
  const [error, setError] = useState<{ text: string; n: number } | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (text: string) => setError((prev) => ({ text, n: (prev?.n ?? 0) + 1 }));
  /** Any change to the form clears the last alert: it described the form as it was. */
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setError(null);
    };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = checkPasswords(password, confirm);
    if (problem) {
      fail(problem);
      return;
    }
    setBusy(true);
    setError(null);
    const trimmedEmail = email.trim();
    try {
      await register({
        email: trimmedEmail,
        password,
        role,
        country,
        ...(firstName.trim() ? { firstName: firstName.trim() } : {}),
        ...(lastName.trim() ? { lastName: lastName.trim() } : {}),
      });
    } catch (err) {
      fail(serverMessage(err, 'Registration failed'));
      setBusy(false);
      return;
    }
    try {
      await signIn(trimmedEmail, password);
      navigate('/dashboard');
    } catch (err) {
      fail(serverMessage(err, 'Registration failed'));
      setBusy(false);
    }
  }

  return (
    <main id="main" className="auth-page">
      <div className="auth-column auth-column-wide">
        <div className="auth-brand">
          <Logo />
        </div>
        <h1 className="auth-title">Create your account</h1>
        <p className="auth-subtitle">Join as a client, contractor, or vendor</p>
        <div className="card auth-card">
          {error && <Alert focusKey={error.n}>{error.text}</Alert>}
          <Form className="form" onSubmit={onSubmit}>
            <div className="form-row">
              <Field
                label="First Name"
                name="firstName"
                autoComplete="given-name"
                maxLength={MAX_NAME_LENGTH}
                value={firstName}
                onChange={edit(setFirstName)}
              />
              <Field
                label="Last Name"
                name="lastName"
                autoComplete="family-name"
                maxLength={MAX_NAME_LENGTH}
                value={lastName}
                onChange={edit(setLastName)}
              />
            </div>
            <Field
              label="Email address"
              name="email"
              type="email"
              autoComplete="email"
              isRequired
              maxLength={MAX_EMAIL_LENGTH}
              value={email}
              onChange={edit(setEmail)}
            />
            <Field
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              placeholder="Minimum 8 characters"
              isRequired
              maxLength={MAX_PASSWORD_LENGTH}
              value={password}
              onChange={edit(setPassword)}
            />
            <Field
              label="Confirm Password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              isRequired
              maxLength={MAX_PASSWORD_LENGTH}
              value={confirm}
              onChange={edit(setConfirm)}
            />
            <Choice<AccountType>
              label="Account Type"
              name="role"
              isRequired
              value={role}
              options={ACCOUNT_TYPES}
              onChange={edit(setRole)}
            />
            <Choice
              label="Country"
              name="country"
              value={country}
              options={COUNTRY_OPTIONS}
              onChange={edit(setCountry)}
            />
            <Button type="submit" className="btn btn-primary btn-block" isPending={busy}>
              {busy ? 'Creating Account...' : 'Create Account'}
            </Button>
          </Form>
          <p className="auth-switch">
            Already have an account?{' '}
            <Link href="/signin" className="text-link">
              Sign in
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}
