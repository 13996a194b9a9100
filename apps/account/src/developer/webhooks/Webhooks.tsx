/**
 * The Developer page's 'Webhooks' card (decision 0212): the user's endpoints with their events and status
 * (and why one is failing or disabled), 'Add endpoint', and per endpoint its delivery log, its signing
 * secret (reveal, roll), Edit, Disable/Enable and Delete. After a dialog whose row may be gone closes
 * (the form, a new endpoint's secret, a deletion), focus goes to 'Add endpoint'; the others return to the
 * button that opened them.
 */
import { WEBHOOK_EVENTS } from '@buildbid/domain/webhook';
import {
  ConfirmDialog,
  EmptyState,
  errorText,
  formatDate,
  LoadFailed,
  type LoadState,
  TitledCard,
  useLoad,
  useSubmit,
  whenClosed,
} from '@buildbid/ui';
import { useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { flushSync } from 'react-dom';
import {
  deleteWebhookEndpoint,
  listSavedSearches,
  listWebhookEndpoints,
  type SavedSearch,
  updateWebhookEndpoint,
  type WebhookEndpoint,
} from '../../api.ts';
import { Facts, type Shell } from '../../profile/shared.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { EndpointDialog } from './EndpointDialog.tsx';
import { SecretDialog } from './SecretDialog.tsx';
import './webhooks.css';

/** The badge of an endpoint: 'Enabled', 'Failing' (enabled, its attempts failing) or 'Disabled'. */
function endpointState(endpoint: WebhookEndpoint): {
  badge: string;
  tone: string;
  note: string | null;
} {
  if (endpoint.status === 'disabled') {
    const since = endpoint.disabledAt ? ` on ${formatDate(endpoint.disabledAt)}` : '';
    return endpoint.disabledReason === 'deliveries_failing'
      ? {
          badge: 'Disabled',
          tone: 'badge badge-danger',
          note: `Disabled${since} because its deliveries failed for 3 days. Fix your server, then enable it.`,
        }
      : {
          badge: 'Disabled',
          tone: 'badge',
          note: `You disabled it${since}. It receives no events until you enable it.`,
        };
  }
  if (endpoint.failingSince) {
    return {
      badge: 'Failing',
      tone: 'badge badge-danger',
      note:
        `Deliveries have failed since ${formatDate(endpoint.failingSince)}. If they keep failing for 3 days, ` +
        'the endpoint is disabled.',
    };
  }
  return { badge: 'Enabled', tone: 'badge badge-success', note: null };
}

/** The saved search project.posted follows, by name ('Deleted' when it is gone). */
function savedSearchName(id: string, searches: LoadState<SavedSearch[]>): string {
  if (!searches.data) return searches.status === 'error' ? 'Could not load it' : 'Loading...';
  return searches.data.find((search) => search.id === id)?.name ?? 'Deleted';
}

function EndpointItem({
  endpoint,
  searches,
  shell,
  onSecret,
  onEdit,
  onToggle,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  searches: LoadState<SavedSearch[]>;
  shell: Shell;
  onSecret(): void;
  onEdit(): void;
  onToggle(): void;
  onDelete(): void;
}) {
  const [logOpen, setLogOpen] = useState(false);
  const titleId = `webhook-${endpoint.id}`;
  const logId = `webhook-log-${endpoint.id}`;
  const { badge, tone, note } = endpointState(endpoint);
  const { url } = endpoint;
  return (
    <li className="webhook-item" aria-labelledby={titleId}>
      <div className="webhook-head">
        <h3 id={titleId} className="webhook-url">
          {url}
        </h3>
        <span className={tone}>{badge}</span>
      </div>
      {endpoint.description && <p className="muted small webhook-description">{endpoint.description}</p>}
      {note && (
        <p
          className={tone.includes('danger') ? 'small webhook-note webhook-note-alarm' : 'small webhook-note'}
        >
          {note}
        </p>
      )}
      <ul className="badge-row" aria-label={`Events of ${url}`}>
        {endpoint.eventTypes.map((type) => (
          <li key={type} className="badge badge-outline" title={WEBHOOK_EVENTS[type]}>
            {type}
          </li>
        ))}
      </ul>
      <Facts
        className="profile-facts"
        rows={[
          ['Created', formatDate(endpoint.createdAt)],
          ...(endpoint.savedSearchId
            ? [['Saved search', savedSearchName(endpoint.savedSearchId, searches)] as const]
            : []),
        ]}
      />
      <div className="webhook-actions">
        <Button
          className="btn btn-outline btn-small"
          aria-label={`Delivery log of ${url}`}
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          onPress={() => setLogOpen((open) => !open)}
        >
          Delivery log
          <span aria-hidden="true" className="webhook-chevron">
            {logOpen ? '▴' : '▾'}
          </span>
        </Button>
        <Button
          className="btn btn-outline btn-small"
          aria-label={`Signing secret of ${url}`}
          onPress={onSecret}
        >
          Signing secret
        </Button>
        <Button className="btn btn-outline btn-small" aria-label={`Edit ${url}`} onPress={onEdit}>
          Edit
        </Button>
        <Button
          className="btn btn-outline btn-small"
          aria-label={`${endpoint.status === 'enabled' ? 'Disable' : 'Enable'} ${url}`}
          onPress={onToggle}
        >
          {endpoint.status === 'enabled' ? 'Disable' : 'Enable'}
        </Button>
        <Button
          className="btn btn-outline btn-small webhook-delete"
          aria-label={`Delete ${url}`}
          onPress={onDelete}
        >
          Delete
        </Button>
      </div>
      {logOpen && <DeliveryLog id={logId} endpoint={endpoint} shell={shell} />}
    </li>
  );
}

type Form = { mode: 'add' } | { mode: 'edit'; endpoint: WebhookEndpoint };
/** The secret dialog: an endpoint's, revealed; or a new endpoint's, from its creation's answer. */
type ShownSecret = { endpoint: WebhookEndpoint; created?: string };

export function WebhooksSection({ shell }: { shell: Shell }) {
  const { state, reload, setState } = useLoad('webhook-endpoints', listWebhookEndpoints);
  const endpoints = state.data ?? [];
  const [form, setForm] = useState<Form | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [disabling, setDisabling] = useState<WebhookEndpoint | null>(null);
  // The saved searches, while an endpoint follows one or the form may offer them.
  const needsSearches = form !== null || endpoints.some((endpoint) => endpoint.savedSearchId !== null);
  const searches = useLoad(needsSearches ? 'saved-searches' : null, listSavedSearches);
  const change = useSubmit(shell);
  const addButton = useRef<HTMLButtonElement>(null);

  function updateEndpoints(update: (list: WebhookEndpoint[]) => WebhookEndpoint[]) {
    setState((prev) => ({ status: 'ready', data: update(prev.data ?? []) }));
  }
  const replace = (saved: WebhookEndpoint) =>
    updateEndpoints((list) => list.map((e) => (e.id === saved.id ? saved : e)));

  /** Closes a dialog at once, then focuses 'Add endpoint' (the row that opened it may be gone). */
  function closeToAdd(close: () => void) {
    flushSync(close);
    addButton.current?.focus();
  }

  async function confirmDelete(endpoint: WebhookEndpoint) {
    const done = await change.run(() => deleteWebhookEndpoint(endpoint.id));
    if (!done) return;
    updateEndpoints((list) => list.filter((e) => e.id !== endpoint.id));
    closeToAdd(() => setDeleting(null));
    shell.toast({ title: 'Endpoint deleted' });
  }

  async function setEnabled(endpoint: WebhookEndpoint, enabled: boolean) {
    const done = await change.run(async () => replace(await updateWebhookEndpoint(endpoint.id, { enabled })));
    if (!done) return;
    setDisabling(null);
    shell.toast({ title: enabled ? 'Endpoint enabled' : 'Endpoint disabled' });
  }

  return (
    <TitledCard id="webhooks-title" title="Webhooks" className="webhooks">
      <p className="muted">
        Webhooks send the events that concern you to your own server as they happen, each signed so your
        server can tell it came from BuildBid.
      </p>
      <div className="actions">
        <Button ref={addButton} className="btn btn-primary" onPress={() => setForm({ mode: 'add' })}>
          Add endpoint
        </Button>
      </div>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading endpoints...
        </p>
      )}
      {state.status === 'error' && (
        <LoadFailed className="webhook-load-failed" onRetry={reload}>
          {errorText(state.error)}
        </LoadFailed>
      )}
      {state.status === 'ready' && endpoints.length === 0 && (
        <EmptyState title="No endpoints yet" heading="h3">
          <p className="muted">Add one to receive events at your own server.</p>
        </EmptyState>
      )}
      {endpoints.length > 0 && (
        <ul className="webhook-list" aria-label="Your endpoints">
          {endpoints.map((endpoint) => (
            <EndpointItem
              key={endpoint.id}
              endpoint={endpoint}
              searches={searches.state}
              shell={shell}
              onSecret={() => setSecret({ endpoint })}
              onEdit={() => setForm({ mode: 'edit', endpoint })}
              onToggle={() =>
                endpoint.status === 'enabled' ? setDisabling(endpoint) : void setEnabled(endpoint, true)
              }
              onDelete={() => setDeleting(endpoint)}
            />
          ))}
        </ul>
      )}
      {form && (
        <EndpointDialog
          shell={shell}
          endpoint={form.mode === 'edit' ? form.endpoint : null}
          searches={searches.state}
          onOpenChange={whenClosed(() =>
            form.mode === 'add' ? closeToAdd(() => setForm(null)) : setForm(null),
          )}
          onCreated={({ endpoint, secret: created }) => {
            updateEndpoints((list) => [endpoint, ...list]);
            setForm(null);
            setSecret({ endpoint, created });
          }}
          onSaved={(saved) => {
            replace(saved);
            setForm(null);
            shell.toast({ title: 'Endpoint saved' });
          }}
        />
      )}
      {secret && (
        <SecretDialog
          shell={shell}
          endpoint={secret.endpoint}
          {...(secret.created === undefined ? {} : { created: secret.created })}
          onDone={() => (secret.created === undefined ? setSecret(null) : closeToAdd(() => setSecret(null)))}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={whenClosed(() => setDeleting(null))}
        title="Delete endpoint?"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={change.pending}
        onConfirm={() => {
          if (deleting) void confirmDelete(deleting);
        }}
      >
        Nothing more is sent to {deleting?.url}, and its delivery log is deleted with it. This cannot be
        undone.
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={disabling !== null}
        onOpenChange={whenClosed(() => setDisabling(null))}
        title="Disable endpoint?"
        confirmLabel="Disable"
        pendingLabel="Disabling..."
        pending={change.pending}
        onConfirm={() => {
          if (disabling) void setEnabled(disabling, false);
        }}
      >
        {disabling?.url} receives no events until you enable it again, and the deliveries still being retried
        fail.
      </ConfirmDialog>
    </TitledCard>
  );
}
