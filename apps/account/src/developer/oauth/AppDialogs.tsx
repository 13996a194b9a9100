/**
 * The dialogs of 'Register app' (decision 0213): the form (name, homepage, optional logo, 1 to 10
 * redirect URIs, confidential or public), then a confidential app's client secret, shown this once. The
 * secret lives in the section's React state only (never jotai, never storage) and leaves the DOM with
 * 'Done'.
 */
import { ApiError } from '@buildbid/api-client';
import { MAX_APP_NAME_LENGTH, MAX_APP_URL_LENGTH, MAX_REDIRECT_URIS } from '@buildbid/domain/access';
import { DialogFrame, FormDialog, TextInput, useFields, useSubmit } from '@buildbid/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, Input, Label, Radio, RadioGroup, Text, TextField } from 'react-aria-components';
import type { Shell } from '../../profile/shared.tsx';
import { type RegisteredOAuthApp, registerOAuthApp } from './api.ts';

/** The same words as the API's refusals (domain/oauth/errors.ts), checked before sending. */
export const APP_NAME_REQUIRED = 'Give the app a name';
export const APP_URL_REQUIRED = 'Enter a full https:// address';
export const REDIRECT_URIS_REQUIRED = 'Add at least one redirect URI';

type ClientType = 'confidential' | 'public';
type FieldName = 'name' | 'homepageUrl' | 'logoUrl' | 'redirectUris';
const FIELD_NAMES: readonly FieldName[] = ['name', 'homepageUrl', 'logoUrl', 'redirectUris'];

/** The message of a refusal (`{ code, message, field }`) under the form field it names, if it names one. */
function refusal(error: unknown): Partial<Record<FieldName, string>> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const field = FIELD_NAMES.find((name) => name === error.field);
  return field ? { [field]: error.message } : null;
}

interface UriLine {
  key: number;
  value: string;
}

/**
 * The redirect URIs, one field per line: 'Add redirect URI' (up to 10) puts a new line and focuses it,
 * 'Remove' takes one out (while more than one is left) and focuses the line before it.
 */
function RedirectUrisField({
  lines,
  onChange,
  newLine,
  error,
}: {
  lines: UriLine[];
  onChange(lines: UriLine[]): void;
  newLine(): UriLine;
  error: string | undefined;
}) {
  const id = useId();
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusKey, setFocusKey] = useState<number | 'add' | null>(null);

  useEffect(() => {
    if (focusKey === null) return;
    if (focusKey === 'add') addButton.current?.focus();
    else inputs.current.get(focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  function add() {
    const line = newLine();
    onChange([...lines, line]);
    setFocusKey(line.key);
  }

  function remove(index: number) {
    onChange(lines.filter((_, i) => i !== index));
    setFocusKey(lines[index - 1]?.key ?? lines[index + 1]?.key ?? 'add');
  }

  return (
    <fieldset className="field redirect-uris" aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}>
      <legend className="field-label-row">
        <span className="field-label">Redirect URIs</span>
        <span className="field-required" aria-hidden="true">
          *
        </span>
      </legend>
      <p id={`${id}-help`} className="muted small">
        Where BuildBid sends people back after they decide: full https:// addresses, matched exactly (up to{' '}
        {MAX_REDIRECT_URIS}).
      </p>
      <ul className="redirect-uri-list">
        {lines.map((line, index) => (
          <li key={line.key} className="redirect-uri-row">
            <TextField
              className="redirect-uri-field"
              aria-label={`Redirect URI ${index + 1}`}
              value={line.value}
              onChange={(value) =>
                onChange(lines.map((each) => (each.key === line.key ? { ...each, value } : each)))
              }
              maxLength={MAX_APP_URL_LENGTH}
              isInvalid={error ? true : undefined}
            >
              <Input
                ref={(element) => {
                  if (element) inputs.current.set(line.key, element);
                  else inputs.current.delete(line.key);
                }}
                className="input"
                placeholder="https://example.com/oauth/callback"
                spellCheck={false}
                autoComplete="off"
              />
            </TextField>
            {lines.length > 1 && (
              <Button
                className="btn btn-outline btn-small"
                aria-label={`Remove redirect URI ${index + 1}`}
                onPress={() => remove(index)}
              >
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      {lines.length < MAX_REDIRECT_URIS && (
        <Button ref={addButton} className="btn btn-outline btn-small" onPress={add}>
          Add redirect URI
        </Button>
      )}
      <div className="field-error-slot">
        {error && (
          <span id={`${id}-error`} className="field-error">
            {error}
          </span>
        )}
      </div>
    </fieldset>
  );
}

/**
 * 'Register app': a name, an https homepage, an optional https logo, 1 to 10 redirect URIs and the kind
 * of client (confidential unless chosen). A refusal that names a field shows under it; any other failure
 * is the shell's toast.
 */
export function RegisterAppDialog({
  onOpenChange,
  onRegistered,
  shell,
}: {
  onOpenChange(open: boolean): void;
  onRegistered(registered: RegisteredOAuthApp): void;
  shell: Shell;
}) {
  const { values, field, setErrors } = useFields({ name: '', homepageUrl: '', logoUrl: '' });
  const nextKey = useRef(1);
  const newLine = () => ({ key: nextKey.current++, value: '' });
  const [lines, setLines] = useState<UriLine[]>(() => [{ key: 0, value: '' }]);
  const [urisError, setUrisError] = useState<string | undefined>();
  const [clientType, setClientType] = useState<ClientType>('confidential');
  const { pending, run } = useSubmit(shell);

  function showErrors(found: Partial<Record<FieldName, string>>) {
    setErrors({ name: found.name, homepageUrl: found.homepageUrl, logoUrl: found.logoUrl });
    setUrisError(found.redirectUris);
  }

  async function submit() {
    const redirectUris = lines.map((line) => line.value.trim()).filter((uri) => uri !== '');
    const found = {
      ...(values.name.trim() === '' ? { name: APP_NAME_REQUIRED } : {}),
      ...(values.homepageUrl.trim() === '' ? { homepageUrl: APP_URL_REQUIRED } : {}),
      ...(redirectUris.length === 0 ? { redirectUris: REDIRECT_URIS_REQUIRED } : {}),
    };
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    const logoUrl = values.logoUrl.trim();
    const answer: { registered?: RegisteredOAuthApp } = {};
    await run(async () => {
      try {
        answer.registered = await registerOAuthApp({
          name: values.name.trim(),
          homepageUrl: values.homepageUrl.trim(),
          ...(logoUrl ? { logoUrl } : {}),
          redirectUris,
          clientType,
        });
      } catch (error) {
        const underField = refusal(error);
        if (!underField) throw error;
        showErrors(underField);
      }
    });
    if (answer.registered) onRegistered(answer.registered);
  }

  return (
    <FormDialog
      isOpen
      onOpenChange={onOpenChange}
      title="Register app"
      formClassName="form oauth-app-form"
      onSubmit={submit}
      submitLabel="Register app"
      pendingLabel="Registering..."
      pending={pending}
    >
      <TextInput
        label="Name"
        {...field('name')}
        description="What people see when the app asks for access"
        maxLength={MAX_APP_NAME_LENGTH}
        isRequired
      />
      <TextInput
        label="Homepage URL"
        {...field('homepageUrl')}
        placeholder="https://example.com"
        maxLength={MAX_APP_URL_LENGTH}
        isRequired
      />
      <TextInput
        label="Logo URL"
        {...field('logoUrl')}
        description="Optional: an https:// image shown on the consent page"
        placeholder="https://example.com/logo.png"
        maxLength={MAX_APP_URL_LENGTH}
      />
      <RedirectUrisField
        lines={lines}
        onChange={(next) => {
          setLines(next);
          setUrisError(undefined);
        }}
        newLine={newLine}
        error={urisError}
      />
      <RadioGroup
        className="radio-group oauth-client-type"
        value={clientType}
        onChange={(value) => setClientType(value as ClientType)}
      >
        <Label className="field-label">Client type</Label>
        <Radio value="confidential" className="radio">
          <span className="radio-text">
            <span className="radio-title">Confidential</span>
            <span className="radio-summary muted">A server that can keep a client secret</span>
          </span>
        </Radio>
        <Radio value="public" className="radio">
          <span className="radio-text">
            <span className="radio-title">Public</span>
            <span className="radio-summary muted">
              A single-page or command-line app: no secret, PKCE only
            </span>
          </span>
        </Radio>
      </RadioGroup>
    </FormDialog>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';
const COPY_TEXT: Record<CopyState, string> = {
  idle: '',
  copied: 'Copied',
  failed: 'Could not copy. Select the secret and copy it yourself.',
};

/**
 * 'Copy your client secret now': a confidential app's secret in a read-only field with 'Copy', once,
 * beside its client ID. Clicking outside does not close it (the secret would be lost by a stray click);
 * 'Done' and Escape do.
 */
export function ClientSecretDialog({
  clientId,
  secret,
  onDone,
}: {
  clientId: string;
  secret: string;
  onDone(): void;
}) {
  const [copy, setCopy] = useState<CopyState>('idle');

  async function copyToClipboard() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  return (
    <DialogFrame
      isOpen
      onOpenChange={(open) => {
        if (!open) onDone();
      }}
      title="Copy your client secret now"
      locked
    >
      <p className="dialog-text">You won't be able to see it again.</p>
      <TextField className="field client-id-field" value={clientId} isReadOnly>
        <Label className="field-label">Client ID</Label>
        <Input className="input token-secret-input" spellCheck={false} autoComplete="off" />
      </TextField>
      <div className="token-secret">
        <TextField className="field" value={secret} isReadOnly>
          <Label className="field-label">Client secret</Label>
          <Input
            className="input token-secret-input"
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Text slot="description" className="muted small">
            The app sends both to /oauth/token, with HTTP Basic authentication.
          </Text>
        </TextField>
        <Button className="btn btn-outline" onPress={() => void copyToClipboard()}>
          Copy
        </Button>
      </div>
      <p className="small token-copy-status" role="status">
        {COPY_TEXT[copy]}
      </p>
      <div className="dialog-actions">
        <Button className="btn btn-primary" onPress={onDone}>
          Done
        </Button>
      </div>
    </DialogFrame>
  );
}
