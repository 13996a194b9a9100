/**
 * The Developer page's 'OAuth apps' card (decision 0213): the apps the user registered, each with its
 * client ID, homepage, redirect URIs and creation date; 'Register app'; and 'Delete' with a confirmation.
 * After a dialog closes, focus goes back to 'Register app' (a deleted app's row has no button left).
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
import { Facts, type Shell } from '../../profile/shared.tsx';
import { ClientSecretDialog, RegisterAppDialog } from './AppDialogs.tsx';
import { deleteOAuthApp, listOAuthApps, type OAuthApp } from './api.ts';
import './oauth.css';

const CLIENT_TYPE_LABEL: Record<OAuthApp['clientType'], string> = {
  confidential: 'Confidential',
  public: 'Public',
};

function AppItem({ app, onDelete }: { app: OAuthApp; onDelete(): void }) {
  const titleId = `oauth-app-${app.id}`;
  return (
    <li className="token-item oauth-app-item" aria-labelledby={titleId}>
      <div className="token-head">
        <h3 id={titleId} className="token-name">
          {app.name}
        </h3>
        <span className="badge badge-outline">{CLIENT_TYPE_LABEL[app.clientType]}</span>
      </div>
      <Facts
        className="profile-facts"
        rows={[
          ['Client ID', <code key="id">{app.id}</code>],
          [
            'Homepage',
            <Link
              key="homepage"
              href={app.homepageUrl}
              className="text-link"
              target="_blank"
              rel="noopener noreferrer"
            >
              {app.homepageUrl}
            </Link>,
          ],
          [
            app.redirectUris.length === 1 ? 'Redirect URI' : 'Redirect URIs',
            <ul key="uris" className="oauth-uri-list" aria-label={`Redirect URIs of ${app.name}`}>
              {app.redirectUris.map((uri) => (
                <li key={uri}>
                  <code>{uri}</code>
                </li>
              ))}
            </ul>,
          ],
          ['Created', formatDate(app.createdAt)],
        ]}
      />
      <Button className="btn btn-outline btn-small" aria-label={`Delete ${app.name}`} onPress={onDelete}>
        Delete
      </Button>
    </li>
  );
}

export function OAuthAppsSection({ shell }: { shell: Shell }) {
  const { state, reload, setState } = useLoad('oauth-apps', listOAuthApps);
  const apps = state.data ?? [];
  const [registering, setRegistering] = useState(false);
  /** A new confidential app's secret while 'Copy your client secret now' is open; gone after 'Done'. */
  const [secret, setSecret] = useState<{ clientId: string; secret: string } | null>(null);
  const [deleting, setDeleting] = useState<OAuthApp | null>(null);
  const remove = useSubmit(shell);
  const registerButton = useRef<HTMLButtonElement>(null);

  function updateApps(change: (list: OAuthApp[]) => OAuthApp[]) {
    setState((prev) => ({ status: 'ready', data: change(prev.data ?? []) }));
  }

  /** Closes a dialog at once, then focuses 'Register app' (the dialog's own return target may be gone). */
  function closeToRegister(close: () => void) {
    flushSync(close);
    registerButton.current?.focus();
  }

  async function confirmDelete(app: OAuthApp) {
    const done = await remove.run(() => deleteOAuthApp(app.id));
    if (!done) return;
    updateApps((list) => list.filter((a) => a.id !== app.id));
    closeToRegister(() => setDeleting(null));
    shell.toast({ title: 'App deleted' });
  }

  return (
    <TitledCard id="oauth-apps-title" title="OAuth apps" className="access-tokens oauth-apps">
      <p className="muted">
        Register an app so other BuildBid users can connect it to their accounts with OAuth 2.0. They choose
        what it may do, and can disconnect it at any time.
      </p>
      <div className="actions">
        <Button ref={registerButton} className="btn btn-primary" onPress={() => setRegistering(true)}>
          Register app
        </Button>
      </div>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading apps...
        </p>
      )}
      {state.status === 'error' && (
        <LoadFailed className="token-load-failed" onRetry={reload}>
          {errorText(state.error)}
        </LoadFailed>
      )}
      {state.status === 'ready' && apps.length === 0 && (
        <EmptyState title="No apps yet" heading="h3">
          <p className="muted">Register one to let people use it with their BuildBid account.</p>
        </EmptyState>
      )}
      {apps.length > 0 && (
        <ul className="token-list" aria-label="Your apps">
          {apps.map((app) => (
            <AppItem key={app.id} app={app} onDelete={() => setDeleting(app)} />
          ))}
        </ul>
      )}
      {registering && (
        <RegisterAppDialog
          shell={shell}
          onOpenChange={whenClosed(() => closeToRegister(() => setRegistering(false)))}
          onRegistered={({ client_id, client_secret, app }) => {
            updateApps((list) => [app, ...list]);
            if (client_secret === null) {
              closeToRegister(() => setRegistering(false));
              shell.toast({ title: 'App registered' });
            } else {
              setRegistering(false);
              setSecret({ clientId: client_id, secret: client_secret });
            }
          }}
        />
      )}
      {secret !== null && (
        <ClientSecretDialog
          clientId={secret.clientId}
          secret={secret.secret}
          onDone={() => closeToRegister(() => setSecret(null))}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={whenClosed(() => setDeleting(null))}
        title="Delete app?"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.pending}
        onConfirm={() => {
          if (deleting) void confirmDelete(deleting);
        }}
      >
        “{deleting?.name}” stops working at once: every connection to it ends and its tokens stop working.
        This cannot be undone.
      </ConfirmDialog>
    </TitledCard>
  );
}
