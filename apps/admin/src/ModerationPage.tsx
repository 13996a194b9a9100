/**
 * The moderation queue (/admin/moderation, issue 27 item 2, decision 0221): open reports grouped by item, the
 * longest waiting first, with the number of reporters and the reasons. 'Review' opens the item in its context
 * (the project page's link, the conversation around a message) with its reports; the admin claims it, then
 * decides: dismiss, hide the content, or warn its author. Below, the moderation log.
 *
 * 'Suspend user' joins ACTIONS when SuspendUser is wired (decision 0221): the form then asks for the days (or
 * 'until lifted'), and the same decision call carries it.
 */
import { type ApiUser, type RemoteProps, serverMessage } from '@buildbid/api-client';
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASON_LABELS, type ReportReason } from '@buildbid/domain/safety';
import { formatDate, LoadFailed, SelectInput, TextAreaInput, TitledCard } from '@buildbid/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Heading, Label, Link, Radio, RadioGroup } from 'react-aria-components';
import {
  claimItem,
  type Decision,
  decideItem,
  getModerationItem,
  listModerationActions,
  listModerationQueue,
  type ModerationAction,
  type ModerationItem,
  type Page,
  type QueueItem,
  releaseItem,
  type TargetType,
} from './api.ts';

const QUEUE_PAGE = 20;
const LOG_PAGE = 10;

const TYPE_LABELS: Readonly<Record<TargetType, string>> = {
  project: 'Project',
  bid: 'Bid',
  message: 'Message',
  review: 'Review',
  question: 'Question',
  answer: 'Answer',
  user: 'Profile',
};

type ActionId = Decision['action'];

/** The decisions offered, in order. 'suspend' (SuspendUser) is added here once it is wired (decision 0221). */
const ACTIONS: ReadonlyArray<{ id: ActionId; label: string; forProfiles: boolean }> = [
  { id: 'dismiss', label: 'Dismiss: the reports are unfounded', forProfiles: true },
  { id: 'hide', label: 'Hide the content from everyone but its author', forProfiles: false },
  { id: 'warn', label: 'Warn the author', forProfiles: true },
];

const DONE: Readonly<Record<string, string>> = {
  dismissed: 'Dismissed',
  hidden: 'Hidden',
  warned: 'Warned',
  suspended: 'Suspended',
};

const ACTION_NAMES: Readonly<Record<ActionId, string>> = {
  dismiss: 'Dismissed',
  hide: 'Hid',
  warn: 'Warned',
};

const REASON_OPTIONS = (Object.keys(REPORT_REASON_LABELS) as ReportReason[]).map((r) => ({
  value: r,
  label: REPORT_REASON_LABELS[r],
}));

const reporters = (n: number) => (n === 1 ? '1 reporter' : `${n} reporters`);
const when = (iso: string) =>
  `${formatDate(iso)} ${new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;

function Reasons({ item }: { item: QueueItem }) {
  return (
    <ul className="badge-row moderation-reasons" aria-label="Reasons">
      {item.reasons.map((r) => (
        <li key={r.reason} className="badge badge-outline">
          {REPORT_REASON_LABELS[r.reason]}
          {r.count > 1 ? ` ×${r.count}` : ''}
        </li>
      ))}
    </ul>
  );
}

function ClaimLine({ item, user }: { item: QueueItem; user: ApiUser }) {
  if (!item.claim) return <span className="muted small">Unclaimed</span>;
  const mine = item.claim.admin?.id === user.id;
  return (
    <span className="small claim-line">
      {mine ? 'Claimed by you' : `Claimed by ${item.claim.admin?.name ?? 'an admin'}`}
    </span>
  );
}

export function ModerationPage({ user, toast }: { user: ApiUser } & Pick<RemoteProps, 'toast'>) {
  const [queue, setQueue] = useState<Page<QueueItem> | null>(null);
  const [failed, setFailed] = useState(false);
  const [log, setLog] = useState<Page<ModerationAction> | null>(null);
  const [selected, setSelected] = useState<{ targetType: TargetType; targetId: string } | null>(null);
  const request = useRef(0);

  const load = useCallback(async () => {
    const mine = ++request.current;
    const [q, l] = await Promise.allSettled([
      listModerationQueue(QUEUE_PAGE, 0),
      listModerationActions(LOG_PAGE, 0),
    ]);
    if (mine !== request.current) return;
    if (q.status === 'fulfilled') {
      setQueue(q.value);
      setFailed(false);
    } else {
      console.error('Moderation: the queue failed to load', q.reason);
      setFailed(true);
    }
    if (l.status === 'fulfilled') setLog(l.value);
    else console.error('Moderation: the log failed to load', l.reason);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function showMoreLog() {
    if (!log) return;
    try {
      const next = await listModerationActions(LOG_PAGE, log.items.length);
      setLog({ items: [...log.items, ...next.items], total: next.total });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(error, 'The log did not load.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <section className="admin moderation">
      <Link href="/admin" className="text-link back-link">
        ← Admin Dashboard
      </Link>
      <h1 className="page-title">Moderation queue</h1>
      <section className="card" aria-labelledby="queue-title">
        <h2 id="queue-title" className="card-title">
          Open reports{queue ? ` (${queue.total})` : ''}
        </h2>
        {queue === null ? (
          failed ? (
            <LoadFailed className="admin-empty" retryClassName="btn btn-outline" onRetry={load}>
              The queue didn't load.
            </LoadFailed>
          ) : (
            <p className="muted admin-empty" role="status">
              Loading...
            </p>
          )
        ) : queue.items.length === 0 ? (
          <p className="muted admin-empty">No open reports. Nothing to review.</p>
        ) : (
          <ol className="moderation-list">
            {queue.items.map((item) => {
              const label = `${TYPE_LABELS[item.targetType]}: ${item.summary}`;
              return (
                <li key={`${item.targetType}:${item.targetId}`} className="moderation-item">
                  <div className="moderation-item-main">
                    <p>
                      <span className="badge">{TYPE_LABELS[item.targetType]}</span>{' '}
                      <strong>{item.summary}</strong>
                      {item.hidden && <span className="badge badge-outline"> Hidden</span>}
                    </p>
                    <p className="muted small">
                      {reporters(item.reporters)} · first reported {when(item.firstReportedAt)}
                      {item.author ? ` · by ${item.author.name}` : ''}
                    </p>
                    <Reasons item={item} />
                    <ClaimLine item={item} user={user} />
                  </div>
                  <Button
                    className="btn btn-outline btn-small"
                    aria-label={`Review ${label}`}
                    onPress={() => setSelected({ targetType: item.targetType, targetId: item.targetId })}
                  >
                    Review
                  </Button>
                </li>
              );
            })}
          </ol>
        )}
      </section>

      {selected && (
        <ItemPanel
          key={`${selected.targetType}:${selected.targetId}`}
          targetType={selected.targetType}
          targetId={selected.targetId}
          user={user}
          toast={toast}
          onClose={() => setSelected(null)}
          onChanged={load}
          onDecided={async () => {
            setSelected(null);
            await load();
          }}
        />
      )}

      <TitledCard id="moderation-log-title" title="Moderation log" className="admin-audit">
        {log === null ? (
          <p className="muted small">Loading...</p>
        ) : log.items.length === 0 ? (
          <p className="muted small">No decision has been made yet.</p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          <section className="table-wrap" aria-labelledby="moderation-log-title" tabIndex={0}>
            <table className="admin-table">
              <caption className="sr-only">Moderation decisions, newest first ({log.total})</caption>
              <thead>
                <tr>
                  {['When', 'Admin', 'Decision', 'Item', 'User', 'Reason', 'Reports closed'].map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {log.items.map((a) => (
                  <tr key={a.id}>
                    <td>{when(a.createdAt)}</td>
                    <td>{a.admin?.name ?? 'Deleted admin'}</td>
                    <th scope="row">{ACTION_NAMES[a.action]}</th>
                    <td>{TYPE_LABELS[a.targetType]}</td>
                    <td>{a.user ? a.user.name : '–'}</td>
                    <td>{a.reason ? REPORT_REASON_LABELS[a.reason] : '–'}</td>
                    <td>{a.reportIds.length}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {log && log.items.length < log.total && (
          <Button className="btn btn-outline btn-small" onPress={() => void showMoreLog()}>
            Show more
          </Button>
        )}
      </TitledCard>
    </section>
  );
}

/** The most given reason of an item's open reports: what the author is told unless the admin picks another. */
function mostGiven(item: QueueItem): ReportReason {
  return item.reasons[0]?.reason ?? 'other';
}

function ItemPanel({
  targetType,
  targetId,
  user,
  toast,
  onClose,
  onChanged,
  onDecided,
}: {
  targetType: TargetType;
  targetId: string;
  user: ApiUser;
  onClose(): void;
  onChanged(): Promise<void>;
  onDecided(): Promise<void>;
} & Pick<RemoteProps, 'toast'>) {
  const [item, setItem] = useState<ModerationItem | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [action, setAction] = useState<ActionId | null>(null);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    try {
      const found = await getModerationItem(targetType, targetId);
      setItem(found);
      setReason((r) => r || mostGiven(found));
      setLoadError(null);
    } catch (error) {
      setLoadError(serverMessage(error, "The item didn't load."));
    }
  }, [targetType, targetId]);

  useEffect(() => {
    void load().then(() => heading.current?.focus());
  }, [load]);

  async function run(work: () => Promise<void>, failure: string) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast({ title: 'Not done', description: serverMessage(error, failure), variant: 'destructive' });
      await load();
      await onChanged();
    } finally {
      setBusy(false);
    }
  }

  const claim = item?.claim ?? null;
  const mine = claim?.admin?.id === user.id;
  const heldByOther = claim !== null && !mine;
  const actions = ACTIONS.filter((a) => targetType !== 'user' || a.forProfiles);
  const needsReason = action === 'hide' || action === 'warn';
  const tooLong = [...note.trim()].length > REPORT_DETAILS_MAX_LENGTH;

  return (
    <section className="card moderation-panel" aria-labelledby="moderation-item-title">
      <div className="moderation-panel-head">
        <Heading level={2} id="moderation-item-title" className="card-title" ref={heading} tabIndex={-1}>
          {TYPE_LABELS[targetType]}
          {item ? `: ${item.summary}` : ''}
        </Heading>
        <Button className="btn btn-ghost btn-small" onPress={onClose}>
          Close
        </Button>
      </div>
      {item === null ? (
        loadError ? (
          <p className="alert alert-destructive" role="alert">
            {loadError}
          </p>
        ) : (
          <p className="muted" role="status">
            Loading...
          </p>
        )
      ) : (
        <>
          <p className="muted small">
            {item.author ? `Author: ${item.author.name} (${item.author.email})` : 'Author: account gone'}
            {item.projectId && (
              <>
                {' · '}
                <Link href={`/projects/${item.projectId}`} className="text-link">
                  Open the project page
                </Link>
              </>
            )}
            {item.hidden ? ' · Hidden already' : ''}
          </p>
          {item.conversation ? (
            <ol className="moderation-conversation" aria-label="The conversation around the message">
              {item.conversation.map((m) => (
                <li key={m.id} className={m.reported ? 'moderation-message reported' : 'moderation-message'}>
                  <p className="small">
                    <strong>{m.senderName}</strong> <span className="muted">{when(m.createdAt)}</span>
                    {m.reported && <span className="badge"> Reported message</span>}
                    {m.hidden && !m.reported && <span className="badge badge-outline"> Hidden</span>}
                  </p>
                  <p>{m.content}</p>
                </li>
              ))}
            </ol>
          ) : (
            item.content && <blockquote className="moderation-content">{item.content}</blockquote>
          )}

          <h3 className="section-heading">Reports ({item.reports.length})</h3>
          <ul className="moderation-reports">
            {item.reports.map((r) => (
              <li key={r.id}>
                <strong>{REPORT_REASON_LABELS[r.reason]}</strong>
                {' · '}
                {r.reporter ? r.reporter.name : 'BuildBid (automatic)'}
                <span className="muted small"> · {when(r.createdAt)}</span>
                {r.details && <p className="small">“{r.details}”</p>}
              </li>
            ))}
          </ul>

          <div className="moderation-claim">
            <ClaimLine item={item} user={user} />
            {claim === null && (
              <Button
                className="btn btn-outline btn-small"
                isDisabled={busy}
                onPress={() =>
                  void run(async () => {
                    await claimItem(targetType, targetId);
                    await load();
                    await onChanged();
                  }, 'The item was not claimed.')
                }
              >
                Claim
              </Button>
            )}
            {mine && (
              <Button
                className="btn btn-outline btn-small"
                isDisabled={busy}
                onPress={() =>
                  void run(async () => {
                    await releaseItem(targetType, targetId);
                    await load();
                    await onChanged();
                  }, 'The item was not released.')
                }
              >
                Release
              </Button>
            )}
          </div>

          {heldByOther ? (
            <p className="alert alert-info" role="note">
              {claim?.admin?.name ?? 'Another admin'} claimed this item: only they can decide on it.
            </p>
          ) : (
            <form
              className="form moderation-decision"
              onSubmit={(event) => {
                event.preventDefault();
                if (!action || busy || tooLong || (needsReason && !reason)) return;
                const decision: Decision = {
                  action,
                  ...(needsReason ? { reason: reason as ReportReason, note: note.trim() || null } : {}),
                };
                void run(async () => {
                  const done = await decideItem(targetType, targetId, decision);
                  const closed = done.closedReportIds.length;
                  toast({
                    title: DONE[done.outcome] ?? 'Decided',
                    description: `${closed} ${closed === 1 ? 'report' : 'reports'} closed. The reporters will be told.`,
                  });
                  await onDecided();
                }, 'The decision was not recorded.');
              }}
            >
              <RadioGroup
                className="field radio-group"
                value={action}
                onChange={(value) => setAction(value as ActionId)}
                isRequired
              >
                <Label className="field-label">Decision</Label>
                {actions.map((a) => (
                  <Radio key={a.id} value={a.id} className="radio">
                    {a.label}
                  </Radio>
                ))}
              </RadioGroup>
              {needsReason && (
                <>
                  <SelectInput
                    label="Reason the author is told"
                    name="reason"
                    value={reason}
                    onChange={(value) => setReason(value as ReportReason)}
                    options={REASON_OPTIONS}
                    isRequired
                  />
                  <TextAreaInput
                    label="Note to the author (optional)"
                    name="note"
                    value={note}
                    onChange={setNote}
                    rows={3}
                    error={
                      tooLong ? `Keep it to ${REPORT_DETAILS_MAX_LENGTH} characters or fewer` : undefined
                    }
                  />
                </>
              )}
              <Button
                type="submit"
                className={action === 'dismiss' ? 'btn btn-primary' : 'btn btn-danger'}
                isDisabled={!action || busy || tooLong || (needsReason && !reason)}
              >
                {busy ? 'Applying...' : 'Apply decision'}
              </Button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
