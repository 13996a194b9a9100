/**
 * An endpoint's delivery log (decision 0212), a panel under the endpoint that its 'Delivery log' button
 * opens (a list, not a table, so it reads at 375 px): each delivery's event type, status, time, answer
 * (status code, latency, the first bytes of the body, or why none came) and attempts, with 'Resend';
 * 'Send test event', 'Refresh' and 'Load more'. Send and Resend answer the attempt they made: it is shown
 * at once and told in a toast, then the log is read again (the worker may have sent more meanwhile).
 */
import { errorText, LoadFailed, plural, useLoad, useSubmit } from '@buildbid/ui';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import {
  listWebhookDeliveries,
  resendWebhookDelivery,
  sendTestWebhook,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../api.ts';
import { Facts, type Shell } from '../../profile/shared.tsx';

/** How much of an answer's body the log shows (the API keeps the first 1 KB). */
export const BODY_PREVIEW_CHARS = 200;

const DATE_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
};

/** 'Mar 1, 2027, 12:00:01 PM' in the browser's time zone: when an attempt was made. */
export function dateTimeText(value: string): string {
  return new Date(value).toLocaleString('en-US', DATE_TIME);
}

const STATUS: Record<WebhookDelivery['status'], { text: string; tone: string }> = {
  succeeded: { text: 'Succeeded', tone: 'badge badge-success' },
  failed: { text: 'Failed', tone: 'badge badge-danger' },
  pending: { text: 'Retrying', tone: 'badge' },
};

/** What the endpoint answered to the last attempt: 'HTTP 200 in 84 ms', or why no answer came. */
export function outcomeText(delivery: WebhookDelivery): string {
  const took = delivery.latencyMs === null ? '' : ` in ${delivery.latencyMs} ms`;
  if (delivery.responseStatus !== null)
    return `Your endpoint answered HTTP ${delivery.responseStatus}${took}.`;
  if (delivery.error) return `No answer: ${delivery.error}`;
  return 'Not attempted yet.';
}

/** The first bytes of the answer's body, cut to BODY_PREVIEW_CHARS with '…'. */
export function bodyPreview(body: string): string {
  return body.length > BODY_PREVIEW_CHARS ? `${body.slice(0, BODY_PREVIEW_CHARS)}…` : body;
}

function DeliveryItem({
  delivery,
  resending,
  onResend,
}: {
  delivery: WebhookDelivery;
  resending: boolean;
  onResend(): void;
}) {
  const headId = `delivery-${delivery.id}`;
  const when = delivery.lastAttemptAt ?? delivery.createdAt;
  const status = STATUS[delivery.status];
  const rows: [string, string][] = [
    ['Response', delivery.responseStatus === null ? 'None' : `HTTP ${delivery.responseStatus}`],
    ['Latency', delivery.latencyMs === null ? '—' : `${delivery.latencyMs} ms`],
    ['Attempts', String(delivery.attempts)],
  ];
  if (delivery.status === 'pending' && delivery.nextAttemptAt) {
    rows.push(['Next attempt', dateTimeText(delivery.nextAttemptAt)]);
  }
  return (
    <li className="delivery-item" aria-labelledby={headId}>
      <div className="webhook-head">
        <p id={headId} className="delivery-title">
          <code>{delivery.type}</code>{' '}
          <time className="muted small" dateTime={when}>
            {dateTimeText(when)}
          </time>
        </p>
        <span className={status.tone}>{status.text}</span>
      </div>
      <Facts className="profile-facts" rows={rows} />
      {delivery.error && <p className="small delivery-error">{delivery.error}</p>}
      {delivery.responseBody ? (
        <div className="delivery-body">
          <p className="muted small">Response body</p>
          <pre>{bodyPreview(delivery.responseBody)}</pre>
        </div>
      ) : null}
      <Button className="btn btn-outline btn-small" onPress={onResend} isPending={resending}>
        {resending ? 'Resending...' : 'Resend'}
      </Button>
    </li>
  );
}

export function DeliveryLog({
  id,
  endpoint,
  shell,
}: {
  id: string;
  endpoint: WebhookEndpoint;
  shell: Shell;
}) {
  const { state, reload, setState } = useLoad(`webhook-deliveries-${endpoint.id}`, () =>
    listWebhookDeliveries(endpoint.id),
  );
  const deliveries = state.data?.items ?? [];
  const nextCursor = state.data?.nextCursor ?? null;
  const send = useSubmit(shell);
  const more = useSubmit(shell);
  const resend = useSubmit(shell);
  const [resendingId, setResendingId] = useState<string | null>(null);
  const titleId = `${id}-title`;

  /** Shows a delivery the API just answered: in place, or first when it is new. */
  function show(delivery: WebhookDelivery) {
    setState((prev) => {
      const items = prev.data?.items ?? [];
      const known = items.some((d) => d.id === delivery.id);
      return {
        status: 'ready',
        data: {
          items: known ? items.map((d) => (d.id === delivery.id ? delivery : d)) : [delivery, ...items],
          nextCursor: prev.data?.nextCursor ?? null,
        },
      };
    });
  }

  function told(title: string, delivery: WebhookDelivery) {
    shell.toast({
      title,
      description: outcomeText(delivery),
      ...(delivery.status === 'succeeded' ? {} : { variant: 'destructive' as const }),
    });
  }

  async function sendTest() {
    const answer: { delivery?: WebhookDelivery } = {};
    await send.run(async () => {
      answer.delivery = await sendTestWebhook(endpoint.id);
    });
    if (!answer.delivery) return;
    show(answer.delivery);
    told(answer.delivery.status === 'succeeded' ? 'Test event sent' : 'Test event failed', answer.delivery);
    void reload();
  }

  async function resendOne(delivery: WebhookDelivery) {
    setResendingId(delivery.id);
    const answer: { delivery?: WebhookDelivery } = {};
    await resend.run(async () => {
      answer.delivery = await resendWebhookDelivery(delivery.id);
    });
    setResendingId(null);
    if (!answer.delivery) return;
    show(answer.delivery);
    told(answer.delivery.status === 'succeeded' ? 'Delivery resent' : 'Resend failed', answer.delivery);
    void reload();
  }

  async function loadMore(cursor: string) {
    await more.run(async () => {
      const page = await listWebhookDeliveries(endpoint.id, cursor);
      setState((prev) => ({
        status: 'ready',
        data: { items: [...(prev.data?.items ?? []), ...page.items], nextCursor: page.nextCursor },
      }));
    });
  }

  return (
    <section id={id} className="webhook-log" aria-labelledby={titleId}>
      <div className="webhook-log-head">
        <h4 id={titleId} className="webhook-log-title">
          Delivery log
        </h4>
        <div className="webhook-actions">
          <Button
            className="btn btn-primary btn-small"
            onPress={() => void sendTest()}
            isPending={send.pending}
          >
            {send.pending ? 'Sending...' : 'Send test event'}
          </Button>
          <Button className="btn btn-outline btn-small" onPress={() => void reload()}>
            Refresh
          </Button>
        </div>
      </div>
      {state.status === 'loading' && (
        <p className="muted small" role="status">
          Loading deliveries...
        </p>
      )}
      {state.status === 'error' && (
        <LoadFailed
          className="webhook-load-failed"
          retryClassName="btn btn-outline btn-small"
          onRetry={reload}
        >
          {errorText(state.error)}
        </LoadFailed>
      )}
      {state.status === 'ready' && deliveries.length === 0 && (
        <p className="muted small webhook-log-empty">No deliveries yet. Send a test event to see one here.</p>
      )}
      {deliveries.length > 0 && (
        <>
          <p className="muted small" aria-live="polite">
            Showing {plural(deliveries.length, 'delivery', 'deliveries')}, newest first
          </p>
          <ul className="delivery-list" aria-label={`Deliveries to ${endpoint.url}`}>
            {deliveries.map((delivery) => (
              <DeliveryItem
                key={delivery.id}
                delivery={delivery}
                resending={resendingId === delivery.id}
                onResend={() => void resendOne(delivery)}
              />
            ))}
          </ul>
        </>
      )}
      {nextCursor && (
        <Button
          className="btn btn-outline btn-small"
          onPress={() => void loadMore(nextCursor)}
          isPending={more.pending}
        >
          {more.pending ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </section>
  );
}
