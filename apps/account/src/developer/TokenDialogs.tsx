/**
 * The two dialogs of 'Generate token' (decision 0211): the form (name, scopes, expiry), then the new
 * token's secret, shown this once. The secret lives in the section's React state only (never jotai, never
 * storage) and leaves the DOM with 'Done'.
 */
import { ApiError } from '@buildbid/api-client';
import {
  DEFAULT_TOKEN_DAYS,
  MAX_TOKEN_DAYS,
  MAX_TOKEN_NAME_LENGTH,
  SCOPE_NAMES,
  SCOPES,
} from '@buildbid/domain/access';
import {
  DialogFrame,
  FormDialog,
  formatDate,
  SelectInput,
  TextInput,
  useFields,
  useSubmit,
} from '@buildbid/ui';
import { useState } from 'react';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  FieldError,
  Input,
  Label,
  Text,
  TextField,
} from 'react-aria-components';
import { type AccessToken, createAccessToken } from '../api.ts';
import type { Shell } from '../profile/shared.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The expiries offered, in days; the default is the API's. */
const EXPIRY_DAYS = [7, 30, 60, DEFAULT_TOKEN_DAYS, 180, MAX_TOKEN_DAYS] as const;
const EXPIRY_OPTIONS = EXPIRY_DAYS.map((days) => ({ value: String(days), label: `${days} days` }));

/** The same words as the API's refusals (domain/access/errors.json), checked before sending. */
export const NAME_REQUIRED = 'Give the token a name';
export const SCOPES_REQUIRED = 'Choose at least one scope';

type FieldName = 'name' | 'scopes' | 'expiresInDays';
const FIELD_NAMES: readonly FieldName[] = ['name', 'scopes', 'expiresInDays'];

/** The message of a refusal (`{ code, message, field }`) under the form field it names, if it names one. */
function refusal(error: unknown): Partial<Record<FieldName, string>> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const field = FIELD_NAMES.find((name) => name === error.field);
  return field ? { [field]: error.message } : null;
}

/** The scopes, each a checkbox named by the scope with its words under it. */
function ScopesField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange(scopes: string[]): void;
  error: string | undefined;
}) {
  return (
    <CheckboxGroup
      className="field scope-choices"
      name="scopes"
      value={value}
      onChange={onChange}
      isRequired
      isInvalid={error ? true : undefined}
    >
      <div className="field-label-row">
        <Label className="field-label">Scopes</Label>
        <span className="field-required" aria-hidden="true">
          *
        </span>
      </div>
      {SCOPE_NAMES.map((scope) => (
        <Checkbox key={scope} value={scope} className="checkbox scope-choice">
          <span className="checkbox-box" aria-hidden="true" />
          <span className="service-text">
            <span className="service-name">{scope}</span>
            <span className="muted small">{SCOPES[scope]}</span>
          </span>
        </Checkbox>
      ))}
      <div className="field-error-slot">
        <FieldError className="field-error">{error}</FieldError>
      </div>
    </CheckboxGroup>
  );
}

/**
 * 'Generate token': a name (1 to 100 characters), one or more scopes and an expiry (90 days unless
 * chosen). A refusal that names a field shows under it; any other failure is the shell's toast.
 */
export function GenerateTokenDialog({
  onOpenChange,
  onCreated,
  shell,
}: {
  onOpenChange(open: boolean): void;
  onCreated(created: { token: string; accessToken: AccessToken }): void;
  shell: Shell;
}) {
  const { values, field, setErrors } = useFields({
    name: '',
    expiresInDays: String(DEFAULT_TOKEN_DAYS),
  });
  const [scopes, setScopes] = useState<string[]>([]);
  const [scopesError, setScopesError] = useState<string | undefined>();
  const { pending, run } = useSubmit(shell);
  const days = Number(values.expiresInDays);

  function showErrors(found: Partial<Record<FieldName, string>>) {
    setErrors({ name: found.name, expiresInDays: found.expiresInDays });
    setScopesError(found.scopes);
  }

  async function submit() {
    const found = {
      ...(values.name.trim() === '' ? { name: NAME_REQUIRED } : {}),
      ...(scopes.length === 0 ? { scopes: SCOPES_REQUIRED } : {}),
    };
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    const answer: { created?: Awaited<ReturnType<typeof createAccessToken>> } = {};
    await run(async () => {
      try {
        answer.created = await createAccessToken({ name: values.name.trim(), scopes, expiresInDays: days });
      } catch (error) {
        const underField = refusal(error);
        if (!underField) throw error;
        showErrors(underField);
      }
    });
    if (answer.created) onCreated(answer.created);
  }

  return (
    <FormDialog
      isOpen
      onOpenChange={onOpenChange}
      title="Generate token"
      formClassName="form token-form"
      onSubmit={submit}
      submitLabel="Generate token"
      pendingLabel="Generating..."
      pending={pending}
    >
      <TextInput
        label="Name"
        {...field('name')}
        description="What the token is for, e.g. Nightly bid report"
        maxLength={MAX_TOKEN_NAME_LENGTH}
        isRequired
      />
      <ScopesField
        value={scopes}
        onChange={(next) => {
          setScopes(next);
          setScopesError(undefined);
        }}
        error={scopesError}
      />
      <SelectInput label="Expiration" {...field('expiresInDays')} options={EXPIRY_OPTIONS} />
      <p className="muted small token-expiry-date">
        Expires on {formatDate(new Date(Date.now() + days * DAY_MS))}.
      </p>
    </FormDialog>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';
const COPY_TEXT: Record<CopyState, string> = {
  idle: '',
  copied: 'Copied',
  failed: 'Could not copy. Select the token and copy it yourself.',
};

/**
 * 'Copy your token now': the secret in a read-only field with 'Copy', once. Clicking outside does not
 * close it (the secret would be lost by a stray click); 'Done' and Escape do.
 */
export function NewTokenDialog({ secret, onDone }: { secret: string; onDone(): void }) {
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
      title="Copy your token now"
      locked
    >
      <p className="dialog-text">You won't be able to see it again.</p>
      <div className="token-secret">
        <TextField className="field" value={secret} isReadOnly>
          <Label className="field-label">Token</Label>
          <Input
            className="input token-secret-input"
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Text slot="description" className="muted small">
            Send it as Authorization: Bearer followed by the token.
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
