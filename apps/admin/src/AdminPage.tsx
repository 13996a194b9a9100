/**
 * Admin (/admin, accounts-and-shell sections 2 and 6): 'Admin Dashboard' with the activeProjects and
 * totalBids cards and the user table, where an admin changes any user's role after confirming it in a
 * dialog (POST, then the list is reloaded; a failure is shown as a toast with the server's message, e.g.
 * the last admin's 409). As docs/security.md says, the table is paged and searched on the server (role and text), and
 * the audit log of role changes is shown below it. Each row shows whether the user is suspended, with 'Suspend'
 * or 'Lift suspension' (decision 0223; not for admins, who cannot be suspended), and the moderation log of
 * suspensions and lifts (decision 0224) follows the role changes.
 *
 * Non-admins see the 'Access Denied' card and are then redirected to /home (which leads to /).
 */
import { type ApiUser, type RemoteProps, ROLE_LABELS, serverMessage } from '@buildbid/api-client';
import { ConfirmDialog, formatDate, LoadFailed, personName, TitledCard, whenClosed } from '@buildbid/ui';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import {
  Button,
  Input,
  type Key,
  Label,
  Link,
  ListBox,
  ListBoxItem,
  Popover,
  SearchField,
  Select,
  SelectValue,
} from 'react-aria-components';
import {
  type AdminAction,
  type AdminStats,
  type AdminUser,
  getAdminStats,
  listAdminActions,
  listRoleChanges,
  listUsers,
  type Page,
  type Role,
  type RoleChange,
  setUserRole,
} from './api.ts';
import {
  LiftDialog,
  moderationActionDetails,
  moderationActionText,
  SuspendDialog,
  suspensionStatusText,
} from './Suspensions.tsx';

const ACCESS_DENIED_TEXT = 'You do not have permission to access this page. Admin privileges required.';
/** How long a non-admin sees the Access Denied card before the redirect to /home. */
export const ACCESS_DENIED_REDIRECT_MS = 2000;

const ROLE_FILTERS = ['all', 'client', 'contractor', 'vendor', 'admin'] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];
const ROLES: Role[] = ['client', 'contractor', 'vendor', 'admin'];

/** Users per page of the table, and audit entries per step of 'Show more'. */
const USERS_PAGE = 25;
const AUDIT_PAGE = 10;
/** How long the search waits after the last key before it asks the server. */
export const SEARCH_DELAY_MS = 300;

/** 'Showing 26–50 of 120'. */
export function rangeText(offset: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return 'No users found';
  return `Showing ${offset + 1}–${offset + shown} of ${total}`;
}

export function AccessDenied({ navigate }: Pick<RemoteProps, 'navigate'>) {
  useEffect(() => {
    const timer = setTimeout(() => navigate('/home', { replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <section className="card error-panel access-denied" role="alert">
      <h1 className="page-title">Access Denied</h1>
      <p className="muted">{ACCESS_DENIED_TEXT}</p>
      <Link href="/home" className="btn btn-outline">
        Go to Dashboard
      </Link>
    </section>
  );
}

/** First and last name; else the account's name, else its email. */
function fullName(u: AdminUser): string {
  return personName(u, u.name || u.email);
}

/**
 * The page's two selects (a user's role in the table, the role filter above it): a labelled button that
 * opens the list of `options`; choosing the current value again changes nothing.
 */
function ChoiceSelect<T extends string>({
  label,
  labelClassName,
  className,
  buttonClassName,
  value,
  options,
  isDisabled = false,
  onChange,
}: {
  label: ReactNode;
  labelClassName: string;
  className: string;
  buttonClassName: string;
  value: T;
  options: ReadonlyArray<{ id: T; label: string }>;
  isDisabled?: boolean;
  onChange(value: T): void;
}) {
  return (
    <Select
      className={className}
      value={value}
      isDisabled={isDisabled}
      onChange={(key: Key | null) => {
        if (key !== null && key !== value) onChange(key as T);
      }}
    >
      <Label className={labelClassName}>{label}</Label>
      <Button className={buttonClassName}>
        <SelectValue />
        <span aria-hidden="true" className="chevron">
          ▾
        </span>
      </Button>
      <Popover className="popover">
        <ListBox className="listbox">
          {options.map((o) => (
            <ListBoxItem key={o.id} id={o.id} className="listbox-item">
              {o.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

const ROLE_OPTIONS = ROLES.map((r) => ({ id: r, label: ROLE_LABELS[r] }));

/** A table's header row: one column heading per name. */
function HeadRow({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function filterLabel(f: RoleFilter): string {
  return f === 'all' ? 'All Roles' : ROLE_LABELS[f];
}

const FILTER_OPTIONS = ROLE_FILTERS.map((f) => ({ id: f, label: filterLabel(f) }));

const ROLE_CHANGE_FAILED = 'Failed to change the role. Please try again.';

export function AdminPage({
  user,
  refreshUser,
  toast,
}: { user: ApiUser } & Pick<RemoteProps, 'refreshUser' | 'toast'>) {
  const [page, setPage] = useState<Page<AdminUser> | null>(null);
  const [everyone, setEveryone] = useState<number | null>(null);
  const [stats, setStats] = useState<AdminStats | null>(null);
  const [failed, setFailed] = useState(false);
  const [filter, setFilter] = useState<RoleFilter>('all');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const [audit, setAudit] = useState<Page<RoleChange> | null>(null);
  const [changing, setChanging] = useState<string | null>(null);
  /** The role change waiting for the admin's confirmation. */
  const [pending, setPending] = useState<{ target: AdminUser; role: Role } | null>(null);
  const [moderation, setModeration] = useState<Page<AdminAction> | null>(null);
  /** The user the Suspend dialog, or the Lift confirmation, is open for. */
  const [suspending, setSuspending] = useState<AdminUser | null>(null);
  const [lifting, setLifting] = useState<AdminUser | null>(null);
  const request = useRef(0);

  const load = useCallback(async () => {
    const mine = ++request.current;
    const role = filter === 'all' ? undefined : filter;
    const [u, s, a, m] = await Promise.allSettled([
      listUsers({ role, q, limit: USERS_PAGE, offset }),
      getAdminStats(),
      listRoleChanges(AUDIT_PAGE, 0),
      listAdminActions(AUDIT_PAGE, 0),
    ]);
    if (mine !== request.current) return; // a later filter or page answered first
    if (u.status === 'fulfilled') {
      setPage(u.value);
      if (!role && !q) setEveryone(u.value.total);
      setFailed(false);
    } else {
      console.error('Admin: users failed to load', u.reason);
      setFailed(true);
    }
    if (s.status === 'fulfilled') setStats(s.value);
    else console.error('Admin: statistics failed to load', s.reason);
    if (a.status === 'fulfilled') setAudit(a.value);
    else console.error('Admin: role changes failed to load', a.reason);
    if (m.status === 'fulfilled') setModeration(m.value);
    else console.error('Admin: the moderation log failed to load', m.reason);
  }, [filter, q, offset]);

  useEffect(() => {
    void load();
  }, [load]);

  // The search asks the server once typing pauses, from the first page. Only a changed search does: on
  // the first render the empty search used to reset the page a moment later, so a Next pressed soon after
  // the table appeared jumped back to the first page.
  useEffect(() => {
    const next = text.trim();
    if (next === q) return;
    const timer = setTimeout(() => {
      setQ(next);
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q]);

  async function showMoreChanges() {
    if (!audit) return;
    try {
      const next = await listRoleChanges(AUDIT_PAGE, audit.items.length);
      setAudit({ items: [...audit.items, ...next.items], total: next.total });
    } catch (error) {
      console.error('Admin: role changes failed to load', error);
      toast({
        title: 'Error',
        description: serverMessage(error, 'The role changes did not load.'),
        variant: 'destructive',
      });
    }
  }

  async function showMoreActions() {
    if (!moderation) return;
    try {
      const next = await listAdminActions(AUDIT_PAGE, moderation.items.length);
      setModeration({ items: [...moderation.items, ...next.items], total: next.total });
    } catch (error) {
      console.error('Admin: the moderation log failed to load', error);
      toast({
        title: 'Error',
        description: serverMessage(error, 'The moderation log did not load.'),
        variant: 'destructive',
      });
    }
  }

  async function changeRole(target: AdminUser, role: Role) {
    setChanging(target.id);
    try {
      await setUserRole(target.id, role);
      toast({
        title: 'Role Updated',
        description: `${fullName(target)} is now ${ROLE_LABELS[role]}.`,
      });
      if (target.id === user.id) await refreshUser();
    } catch (error) {
      console.error(`Admin: changing the role of ${target.id} failed`, error);
      // The server's own words (409 LAST_ADMIN names the problem); the select keeps the old role.
      toast({
        title: 'Role Not Changed',
        description: serverMessage(error, ROLE_CHANGE_FAILED),
        variant: 'destructive',
      });
    }
    setPending(null);
    await load();
    setChanging(null);
  }

  const users = page?.items ?? null;
  const shown = users ?? [];

  return (
    <section className="admin">
      <div className="admin-head">
        <h1 className="page-title">Admin Dashboard</h1>
        <Link href="/admin/moderation" className="btn btn-outline">
          Moderation queue
        </Link>
      </div>
      <section className="stats-row admin-stats" aria-label="Platform statistics">
        {[
          { label: 'Active Projects', testId: 'stat-active-projects', value: stats?.activeProjects },
          { label: 'Total Bids', testId: 'stat-total-bids', value: stats?.totalBids },
          { label: 'Users', testId: 'stat-users', value: everyone },
        ].map((stat) => (
          <div key={stat.testId} className="card stat-card">
            <p className="stat-label">{stat.label}</p>
            <p className="stat-value" data-testid={stat.testId}>
              {stat.value ?? '–'}
            </p>
          </div>
        ))}
      </section>

      <section className="card admin-users" aria-labelledby="admin-users-title">
        <div className="admin-users-head">
          <h2 id="admin-users-title" className="card-title">
            Users
          </h2>
          <ChoiceSelect
            label="Filter by role"
            labelClassName="field-label"
            className="role-filter"
            buttonClassName="select-button"
            value={filter}
            options={FILTER_OPTIONS}
            onChange={(f) => {
              setFilter(f);
              setOffset(0);
            }}
          />
          <SearchField className="field admin-search" value={text} onChange={setText}>
            <Label className="field-label">Search users</Label>
            <Input className="input" placeholder="Name or email" />
          </SearchField>
        </div>
        {users === null ? (
          failed ? (
            <LoadFailed className="admin-empty" retryClassName="btn btn-outline" onRetry={load}>
              The users didn't load.
            </LoadFailed>
          ) : (
            <p className="muted admin-empty" role="status">
              Loading...
            </p>
          )
        ) : shown.length === 0 ? (
          <p className="muted admin-empty">No users found</p>
        ) : (
          <div className="table-wrap">
            <table className="admin-table">
              <caption className="sr-only">
                Users{filter === 'all' ? '' : `: ${filterLabel(filter)}`}
                {q ? `, matching “${q}”` : ''} ({page?.total ?? shown.length})
              </caption>
              <HeadRow
                columns={['Name', 'Email', 'Country', 'Plan', 'Joined', 'Role', 'Status', 'Actions']}
              />
              <tbody>
                {shown.map((u) => (
                  <tr key={u.id} data-role={u.role}>
                    <th scope="row">{fullName(u)}</th>
                    <td>{u.email}</td>
                    <td>{u.country}</td>
                    <td>{u.subscriptionTier === 'pro' ? 'Pro' : 'Free'}</td>
                    <td>{new Date(u.createdAt).toLocaleDateString('en-US')}</td>
                    <td>
                      <ChoiceSelect
                        label={`Role of ${fullName(u)}`}
                        labelClassName="sr-only"
                        className="role-select"
                        buttonClassName="select-button select-compact"
                        value={u.role}
                        options={ROLE_OPTIONS}
                        isDisabled={changing !== null}
                        onChange={(role) => setPending({ target: u, role })}
                      />
                    </td>
                    <td>{suspensionStatusText(u.suspension)}</td>
                    <td>
                      {u.role === 'admin' ? null : u.suspension ? (
                        <Button
                          className="btn btn-outline btn-small"
                          aria-label={`Lift suspension of ${fullName(u)}`}
                          onPress={() => setLifting(u)}
                        >
                          Lift suspension
                        </Button>
                      ) : (
                        <Button
                          className="btn btn-outline btn-small"
                          aria-label={`Suspend ${fullName(u)}`}
                          onPress={() => setSuspending(u)}
                        >
                          Suspend
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {page && page.total > 0 && (
          <nav className="admin-pager" aria-label="User pages">
            <p className="muted small" role="status">
              {rangeText(offset, shown.length, page.total)}
            </p>
            <Button
              className="btn btn-outline btn-small"
              isDisabled={offset === 0}
              onPress={() => setOffset(Math.max(0, offset - USERS_PAGE))}
            >
              Previous
            </Button>
            <Button
              className="btn btn-outline btn-small"
              isDisabled={offset + shown.length >= page.total}
              onPress={() => setOffset(offset + USERS_PAGE)}
            >
              Next
            </Button>
          </nav>
        )}
      </section>

      <TitledCard id="admin-audit-title" title="Role changes" className="admin-audit">
        {audit === null ? (
          <p className="muted small">Loading...</p>
        ) : audit.items.length === 0 ? (
          <p className="muted small">No role has been changed yet.</p>
        ) : (
          // The log has nothing to focus, so at 375 px its sideways scroll needs the region itself to take
          // focus for a keyboard user (axe scrollable-region-focusable).
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          <section className="table-wrap" aria-labelledby="admin-audit-title" tabIndex={0}>
            <table className="admin-table">
              <caption className="sr-only">Role changes, newest first ({audit.total})</caption>
              <HeadRow columns={['When', 'Admin', 'User', 'From', 'To']} />
              <tbody>
                {audit.items.map((c) => (
                  <tr key={c.id}>
                    <td>
                      {formatDate(c.createdAt)}{' '}
                      {new Date(c.createdAt).toLocaleTimeString('en-US', {
                        hour: 'numeric',
                        minute: '2-digit',
                      })}
                    </td>
                    <td>{c.admin ? c.admin.name : 'admin:promote command'}</td>
                    <th scope="row">
                      {c.user.name} <span className="muted small">{c.user.email}</span>
                    </th>
                    <td>{ROLE_LABELS[c.fromRole]}</td>
                    <td>{ROLE_LABELS[c.toRole]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {audit && audit.items.length < audit.total && (
          <Button className="btn btn-outline btn-small" onPress={() => void showMoreChanges()}>
            Show more
          </Button>
        )}
      </TitledCard>
      <TitledCard id="admin-moderation-title" title="Moderation log" className="admin-audit">
        {moderation === null ? (
          <p className="muted small">Loading...</p>
        ) : moderation.items.length === 0 ? (
          <p className="muted small">No one has been suspended yet.</p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          <section className="table-wrap" aria-labelledby="admin-moderation-title" tabIndex={0}>
            <table className="admin-table">
              <caption className="sr-only">Moderation log, newest first ({moderation.total})</caption>
              <HeadRow columns={['When', 'Admin', 'User', 'Action', 'Details']} />
              <tbody>
                {moderation.items.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      {formatDate(entry.createdAt)}{' '}
                      {new Date(entry.createdAt).toLocaleTimeString('en-US', {
                        hour: 'numeric',
                        minute: '2-digit',
                      })}
                    </td>
                    <td>{entry.admin ? entry.admin.name : 'Deleted admin'}</td>
                    <th scope="row">
                      {entry.user.name} <span className="muted small">{entry.user.email}</span>
                    </th>
                    <td>{moderationActionText(entry)}</td>
                    <td>{moderationActionDetails(entry)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {moderation && moderation.items.length < moderation.total && (
          <Button className="btn btn-outline btn-small" onPress={() => void showMoreActions()}>
            Show more
          </Button>
        )}
      </TitledCard>
      <SuspendDialog
        target={suspending}
        name={suspending ? fullName(suspending) : ''}
        onClose={() => setSuspending(null)}
        onDone={load}
        toast={toast}
      />
      <LiftDialog
        target={lifting}
        name={lifting ? fullName(lifting) : ''}
        onClose={() => setLifting(null)}
        onDone={load}
        toast={toast}
      />
      <ConfirmDialog
        isOpen={pending !== null}
        onOpenChange={whenClosed(() => setPending(null))}
        title="Change role?"
        confirmLabel="Change Role"
        pendingLabel="Changing..."
        pending={changing !== null}
        onConfirm={() => {
          if (pending) void changeRole(pending.target, pending.role);
        }}
      >
        {pending && (
          <p>
            Change the role of {fullName(pending.target)} ({pending.target.email}) from{' '}
            {ROLE_LABELS[pending.target.role]} to {ROLE_LABELS[pending.role]}?
            {pending.target.id === user.id && pending.role !== 'admin'
              ? ' You will lose access to the admin page.'
              : ''}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
