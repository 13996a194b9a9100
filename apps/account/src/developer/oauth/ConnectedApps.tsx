/**
 * The Developer page's 'Connected apps' card (decision 0213): each app the user allowed to use their
 * account, what it may do in words (as the API gives them) and since when, and 'Disconnect' with a
 * confirmation. After a disconnection, focus goes to the card's introduction (the row is gone).
 */
import {
  ConfirmDialog,
  EmptyState,
  errorText,
  formatDate,
  LoadFailed,
  TitledCard,
  useLoad,
  useSubmit,
  whenClosed,
} from '@buildbid/ui';
import { useRef, useState } from 'react';
import { Button, Link } from 'react-aria-components';
import { flushSync } from 'react-dom';
import type { Shell } from '../../profile/shared.tsx';
import { type ConnectedApp, disconnectApp, listConnectedApps } from './api.ts';
import './oauth.css';
import { hostOf } from './urls.ts';

function ConnectedAppItem({ app, onDisconnect }: { app: ConnectedApp; onDisconnect(): void }) {
  const titleId = `connected-app-${app.clientId}`;
  return (
    <li className="token-item connected-app-item" aria-labelledby={titleId}>
      <div className="token-head">
        <h3 id={titleId} className="token-name">
          {app.name}
        </h3>
        <Link href={app.homepageUrl} className="text-link small" target="_blank" rel="noopener noreferrer">
          {hostOf(app.homepageUrl)}
        </Link>
      </div>
      <p className="muted small">Connected {formatDate(app.grantedAt)}</p>
      <p className="small connected-app-lead">It may:</p>
      <ul className="scope-words" aria-label={`What ${app.name} may do`}>
        {app.scopes.map(({ scope, description }) => (
          <li key={scope}>
            {description} <span className="muted small">({scope})</span>
          </li>
        ))}
      </ul>
      <Button
        className="btn btn-outline btn-small"
        aria-label={`Disconnect ${app.name}`}
        onPress={onDisconnect}
      >
        Disconnect
      </Button>
    </li>
  );
}

export function ConnectedAppsSection({ shell }: { shell: Shell }) {
  const { state, reload, setState } = useLoad('connected-apps', listConnectedApps);
  const apps = state.data ?? [];
  const [disconnecting, setDisconnecting] = useState<ConnectedApp | null>(null);
  const disconnect = useSubmit(shell);
  const intro = useRef<HTMLParagraphElement>(null);

  async function confirmDisconnect(app: ConnectedApp) {
    const done = await disconnect.run(() => disconnectApp(app.clientId));
    if (!done) return;
    setState((prev) => ({
      status: 'ready',
      data: (prev.data ?? []).filter((a) => a.clientId !== app.clientId),
    }));
    flushSync(() => setDisconnecting(null));
    intro.current?.focus();
    shell.toast({ title: 'App disconnected' });
  }

  return (
    <TitledCard id="connected-apps-title" title="Connected apps" className="access-tokens connected-apps">
      <p ref={intro} className="muted" tabIndex={-1}>
        Apps you allowed to use your BuildBid account. Disconnecting one ends its access at once.
      </p>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading connected apps...
        </p>
      )}
      {state.status === 'error' && (
        <LoadFailed className="token-load-failed" onRetry={reload}>
          {errorText(state.error)}
        </LoadFailed>
      )}
      {state.status === 'ready' && apps.length === 0 && (
        <EmptyState title="No connected apps" heading="h3">
          <p className="muted">When you allow an app to use your account, it shows here.</p>
        </EmptyState>
      )}
      {apps.length > 0 && (
        <ul className="token-list" aria-label="Your connected apps">
          {apps.map((app) => (
            <ConnectedAppItem key={app.clientId} app={app} onDisconnect={() => setDisconnecting(app)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={disconnecting !== null}
        onOpenChange={whenClosed(() => setDisconnecting(null))}
        title="Disconnect app?"
        confirmLabel="Disconnect"
        pendingLabel="Disconnecting..."
        pending={disconnect.pending}
        onConfirm={() => {
          if (disconnecting) void confirmDisconnect(disconnecting);
        }}
      >
        “{disconnecting?.name}” loses access to your account at once. To use it again, you connect it again.
      </ConfirmDialog>
    </TitledCard>
  );
}
