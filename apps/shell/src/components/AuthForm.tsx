/**
 * What the account pages share (sign in, register, forgot and reset password, verify email): the page with
 * the logo, its title and one card; a form whose failures show in an alert that takes focus; the new
 * password with its confirmation, and the rules the client checks before asking the server.
 */
import { MAX_PASSWORD_LENGTH } from '@buildbid/domain/account';
import { TextInput } from '@buildbid/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button, Form, Link } from 'react-aria-components';
import { Alert } from './Alert.tsx';
import { Logo } from './Logo.tsx';

export function AuthPage({
  title,
  subtitle,
  wide = false,
  children,
}: {
  title: string;
  subtitle?: string;
  /** The wider column, for a form with fields side by side. */
  wide?: boolean;
  /** The card's content. */
  children: ReactNode;
}) {
  return (
    <main id="main" className="auth-page">
      <div className={wide ? 'auth-column auth-column-wide' : 'auth-column'}>
        <div className="auth-brand">
          <Logo />
        </div>
        <h1 className="auth-title">{title}</h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        <div className="card auth-card">{children}</div>
      </div>
    </main>
  );
}

/** The line under a card that leads to the other page: 'Already have an account? Sign in'. */
export function AuthSwitch({ prompt, href, children }: { prompt: string; href: string; children: string }) {
  return (
    <p className="auth-switch">
      {prompt}{' '}
      <Link href={href} className="text-link">
        {children}
      </Link>
    </p>
  );
}

interface Submission {
  /** The client's own check: the alert's text, or null when the form may be sent. */
  check(): string | null;
  /**
   * The request. On success the page leaves or shows the answer in place of the form, so the button stays
   * busy; on failure it is enabled again.
   */
  send(): Promise<void>;
  /** The alert for a failed request. */
  failed(error: unknown): ReactNode;
}

/**
 * The state of an account form: its alert (with a counter, so the same failure again takes focus again)
 * and whether a request is under way. `edit` wraps a field's setter so that any change clears the alert,
 * which described the form as it was.
 */
export function useAuthForm({ check, send, failed }: Submission) {
  const [alert, setAlert] = useState<{ content: ReactNode; n: number } | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (content: ReactNode) => setAlert((prev) => ({ content, n: (prev?.n ?? 0) + 1 }));
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setAlert(null);
    };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = check();
    if (problem) {
      fail(problem);
      return;
    }
    setBusy(true);
    setAlert(null);
    try {
      await send();
    } catch (error) {
      fail(failed(error));
      setBusy(false);
    }
  }

  return { alert, busy, edit, onSubmit };
}

/** The alert, then the form: its fields (`children`) and the submit button, which says when it is busy. */
export function AuthForm({
  form,
  submit,
  busyText,
  validationBehavior,
  children,
}: {
  form: ReturnType<typeof useAuthForm>;
  submit: string;
  busyText: string;
  /** 'aria' where the client's own check speaks first; the browser's by default. */
  validationBehavior?: 'aria';
  children: ReactNode;
}) {
  const { alert, busy, onSubmit } = form;
  return (
    <>
      {alert && <Alert focusKey={alert.n}>{alert.content}</Alert>}
      <Form className="form" onSubmit={onSubmit} validationBehavior={validationBehavior}>
        {children}
        <Button type="submit" className="btn btn-primary btn-block" isPending={busy}>
          {busy ? busyText : submit}
        </Button>
      </Form>
    </>
  );
}

/** The account's email address, labelled 'Email' unless the page says otherwise. */
export function EmailField({
  label = 'Email',
  ...props
}: {
  label?: string;
  value: string;
  onChange(value: string): void;
  isRequired?: boolean;
  autoFocus?: boolean;
  /** The server's limit (MAX_EMAIL_LENGTH) where the page sends the address on to be kept or looked up. */
  maxLength?: number;
}) {
  return <TextInput label={label} name="email" type="email" autoComplete="email" {...props} />;
}

/** NIST SP 800-63B's minimum, the API's rule (decision 0191; the spec said 6). */
const MIN_PASSWORD_LENGTH = 8;

/** The client checks, in the spec's order: matching passwords first, then the length (in characters). */
export function checkPasswords(password: string, confirm: string): string | null {
  if (password !== confirm) return 'Passwords do not match';
  if ([...password].length < MIN_PASSWORD_LENGTH)
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.trim() === '') return 'Password cannot be only spaces';
  return null;
}

/** A new password and its confirmation (register, reset password), limited to what the server takes. */
export function NewPasswordFields({
  label,
  autoFocus,
  password,
  confirm,
  onPassword,
  onConfirm,
}: {
  label: string;
  autoFocus?: boolean;
  password: string;
  confirm: string;
  onPassword(value: string): void;
  onConfirm(value: string): void;
}) {
  return (
    <>
      <TextInput
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder="Minimum 8 characters"
        {...(autoFocus ? { autoFocus } : {})}
        isRequired
        maxLength={MAX_PASSWORD_LENGTH}
        value={password}
        onChange={onPassword}
      />
      <TextInput
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        isRequired
        maxLength={MAX_PASSWORD_LENGTH}
        value={confirm}
        onChange={onConfirm}
      />
    </>
  );
}
