/**
 * The Developer page's 'Personal access tokens' section (decision 0211): every token of the user with its
 * scopes, dates, last use and status; 'Generate token'; and 'Revoke' for an active one. After a dialog
 * closes, focus goes back to 'Generate token' (a revoked row has no button left to return to).
 */
import { SCOPES } from '@buildbid/domain/access';
import {
  ConfirmDialog,
  EmptyState,
  errorText,
  formatDate,
  LoadFailed,
  StatusBadge,
  TitledCard,
  useLoad,
  useSubmit,
  whenClosed,
} from '@buildbid/ui';
import { useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { flushSync } from 'react-dom';
import { type AccessToken, listAccessTokens, revokeAccessToken } from '../api.ts';
import { Facts, type Shell } from '../profile/shared.tsx';
import { GenerateTokenDialog, NewTokenDialog } from './TokenDialogs.tsx';

const NEVER_USED = 'Never used';

/** 'Mar 2, 2027 from 203.0.113.7', or 'Never used'. */
export function lastUseText(token: Pick<AccessToken, 'lastUsedAt' | 'lastUsedIp'>): string {
  if (!token.lastUsedAt) return NEVER_USED;
  const date = formatDate(token.lastUsedAt);
  return token.lastUsedIp ? `${date} from ${token.lastUsedIp}` : date;
}

function TokenItem({ token, onRevoke }: { token: AccessToken; onRevoke(): void }) {
  const titleId = `token-${token.id}`;
  return (
    <li className="token-item" aria-labelledby={titleId}>
      <div className="token-head">
        <h3 id={titleId} className="token-name">
          {token.name}
        </h3>
        <StatusBadge status={token.status} />
      </div>
      <p className="muted small">
        <code>bbpat_…{token.hint}</code>
      </p>
      <ul className="badge-row" aria-label={`Scopes of ${token.name}`}>
        {token.scopes.map((scope) => (
          <li key={scope} className="badge badge-outline" title={SCOPES[scope]}>
            {scope}
          </li>
        ))}
      </ul>
      <Facts
        className="profile-facts"
        rows={[
          ['Created', formatDate(token.createdAt)],
          [token.status === 'expired' ? 'Expired' : 'Expires', formatDate(token.expiresAt)],
          ['Last used', lastUseText(token)],
        ]}
      />
      {token.status === 'active' && (
        <Button className="btn btn-outline btn-small" aria-label={`Revoke ${token.name}`} onPress={onRevoke}>
          Revoke
        </Button>
      )}
    </li>
  );
}

export function AccessTokensSection({ shell }: { shell: Shell }) {
  const { state, reload, setState } = useLoad('access-tokens', listAccessTokens);
  const tokens = state.data ?? [];
  const [generating, setGenerating] = useState(false);
  /** The new token's secret while 'Copy your token now' is open; nowhere else, and gone after 'Done'. */
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const revoke = useSubmit(shell);
  const generateButton = useRef<HTMLButtonElement>(null);

  function updateTokens(change: (list: AccessToken[]) => AccessToken[]) {
    setState((prev) => ({ status: 'ready', data: change(prev.data ?? []) }));
  }

  /** Closes a dialog at once, then focuses 'Generate token' (the dialog's own return target may be gone). */
  function closeToGenerate(close: () => void) {
    flushSync(close);
    generateButton.current?.focus();
  }

  async function confirmRevoke(token: AccessToken) {
    const done = await revoke.run(() => revokeAccessToken(token.id));
    if (!done) return;
    updateTokens((list) =>
      list.map((t) =>
        t.id === token.id ? { ...t, status: 'revoked', revokedAt: new Date().toISOString() } : t,
      ),
    );
    closeToGenerate(() => setRevoking(null));
    shell.toast({ title: 'Token revoked' });
  }

  return (
    <TitledCard id="access-tokens-title" title="Personal access tokens" className="access-tokens">
      <p className="muted">
        A token lets a script use the API as you, limited to the scopes you choose. Keep it secret, like a
        password.
      </p>
      <div className="actions">
        <Button ref={generateButton} className="btn btn-primary" onPress={() => setGenerating(true)}>
          Generate token
        </Button>
      </div>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading tokens...
        </p>
      )}
      {state.status === 'error' && (
        <LoadFailed className="token-load-failed" onRetry={reload}>
          {errorText(state.error)}
        </LoadFailed>
      )}
      {state.status === 'ready' && tokens.length === 0 && (
        <EmptyState title="No tokens yet" heading="h3">
          <p className="muted">Generate one to use the API from a script.</p>
        </EmptyState>
      )}
      {tokens.length > 0 && (
        <ul className="token-list" aria-label="Your tokens">
          {tokens.map((token) => (
            <TokenItem key={token.id} token={token} onRevoke={() => setRevoking(token)} />
          ))}
        </ul>
      )}
      {generating && (
        <GenerateTokenDialog
          shell={shell}
          onOpenChange={whenClosed(() => closeToGenerate(() => setGenerating(false)))}
          onCreated={({ token, accessToken }) => {
            updateTokens((list) => [accessToken, ...list]);
            setGenerating(false);
            setSecret(token);
          }}
        />
      )}
      {secret !== null && (
        <NewTokenDialog secret={secret} onDone={() => closeToGenerate(() => setSecret(null))} />
      )}
      <ConfirmDialog
        isOpen={revoking !== null}
        onOpenChange={whenClosed(() => setRevoking(null))}
        title="Revoke token?"
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={revoke.pending}
        onConfirm={() => {
          if (revoking) void confirmRevoke(revoking);
        }}
      >
        Scripts that use “{revoking?.name}” stop working at once. This cannot be undone.
      </ConfirmDialog>
    </TitledCard>
  );
}
