/**
 * An endpoint's signing secret (decision 0212): revealed when the dialog opens (or, for a new endpoint,
 * the one its creation answered), in a read-only field with 'Copy', as the token dialog shows a token; after
 * a roll also the previous secret and when it stops signing. 'Roll secret' asks first, and says that the
 * old secret keeps signing for 24 hours. The secrets live in this dialog's state only.
 */
import {
  ConfirmDialog,
  DialogFrame,
  errorText,
  LoadFailed,
  useLoad,
  useSubmit,
  whenClosed,
} from '@buildbid/ui';
import { useState } from 'react';
import { Button, Input, Label, Text, TextField } from 'react-aria-components';
import {
  revealWebhookSecret,
  rollWebhookSecret,
  type WebhookEndpoint,
  type WebhookSecret,
} from '../../api.ts';
import type { Shell } from '../../profile/shared.tsx';
import { dateTimeText } from './DeliveryLog.tsx';

type CopyState = 'idle' | 'copied' | 'failed';
const COPY_TEXT: Record<CopyState, string> = {
  idle: '',
  copied: 'Copied',
  failed: 'Could not copy. Select the secret and copy it yourself.',
};

function SecretField({ label, value, description }: { label: string; value: string; description: string }) {
  return (
    <TextField className="field" value={value} isReadOnly>
      <Label className="field-label">{label}</Label>
      <Input
        className="input token-secret-input"
        spellCheck={false}
        autoComplete="off"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Text slot="description" className="muted small">
        {description}
      </Text>
    </TextField>
  );
}

export function SecretDialog({
  endpoint,
  created,
  shell,
  onDone,
}: {
  endpoint: WebhookEndpoint;
  /** A new endpoint's secret, from its creation's answer: shown without asking again. */
  created?: string;
  shell: Shell;
  onDone(): void;
}) {
  const revealed = useLoad(created === undefined ? `webhook-secret-${endpoint.id}` : null, () =>
    revealWebhookSecret(endpoint.id),
  );
  const [rolled, setRolled] = useState<WebhookSecret | null>(null);
  const secrets: WebhookSecret | undefined =
    rolled ??
    (created === undefined
      ? revealed.state.data
      : { secret: created, previousSecret: null, previousSecretExpiresAt: null });
  const [copy, setCopy] = useState<CopyState>('idle');
  const [confirming, setConfirming] = useState(false);
  const roll = useSubmit(shell);

  async function copyToClipboard(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  async function confirmRoll() {
    const done = await roll.run(async () => setRolled(await rollWebhookSecret(endpoint.id)));
    if (!done) return;
    setConfirming(false);
    setCopy('idle');
    shell.toast({ title: 'Secret rolled' });
  }

  return (
    <DialogFrame
      isOpen
      onOpenChange={whenClosed(onDone)}
      title={created === undefined ? 'Signing secret' : 'Endpoint added'}
    >
      <p className="dialog-text">
        {created === undefined ? '' : 'Your endpoint receives events from now on. '}
        Check the BuildBid-Signature header of each delivery to{' '}
        <span className="webhook-url">{endpoint.url}</span> with this secret. Keep it on your server only.
      </p>
      {revealed.state.status === 'loading' && created === undefined && !rolled && (
        <p className="muted" role="status">
          Loading the secret...
        </p>
      )}
      {revealed.state.status === 'error' && !rolled && (
        <LoadFailed
          className="webhook-secret-failed"
          retryClassName="btn btn-outline"
          onRetry={revealed.reload}
        >
          {errorText(revealed.state.error)}
        </LoadFailed>
      )}
      {secrets && (
        <>
          <div className="token-secret">
            <SecretField
              label="Signing secret"
              value={secrets.secret}
              description="The key of the HMAC-SHA256 in the BuildBid-Signature header."
            />
            <Button className="btn btn-outline" onPress={() => void copyToClipboard(secrets.secret)}>
              Copy
            </Button>
          </div>
          <p className="small token-copy-status" role="status">
            {COPY_TEXT[copy]}
          </p>
          {secrets.previousSecret && (
            <SecretField
              label="Previous secret"
              value={secrets.previousSecret}
              description={
                secrets.previousSecretExpiresAt
                  ? `Still signs beside the new one until ${dateTimeText(secrets.previousSecretExpiresAt)}.`
                  : 'Still signs beside the new one for 24 hours after the roll.'
              }
            />
          )}
        </>
      )}
      <div className="dialog-actions">
        {secrets && (
          <Button className="btn btn-outline" onPress={() => setConfirming(true)}>
            Roll secret
          </Button>
        )}
        <Button className="btn btn-primary" onPress={onDone}>
          Done
        </Button>
      </div>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={whenClosed(() => setConfirming(false))}
        title="Roll secret?"
        confirmLabel="Roll secret"
        pendingLabel="Rolling..."
        pending={roll.pending}
        tone="primary"
        onConfirm={() => void confirmRoll()}
      >
        A new secret signs every delivery from now on. The current one stays valid for 24 hours, signing
        beside it, so you can switch your server without missing an event.
      </ConfirmDialog>
    </DialogFrame>
  );
}
