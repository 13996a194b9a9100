/**
 * Saved searches (/saved-searches, decision 0133): each search with what it finds, a link that opens Browse
 * with its filters, its alerts, rename and delete.
 */
import type { ApiUser, RemoteProps, SavedSearch, SearchAlerts } from '@buildbid/api-client';
import { COUNTRIES } from '@buildbid/domain/catalog';
import { BUDGET_BANDS } from '@buildbid/domain/project';
import {
  ConfirmDialog,
  EmptyState,
  errorText,
  LoadFailed,
  type LoadState,
  plural,
  SelectInput,
  useLoad,
  whenClosed,
} from '@buildbid/ui';
import { useState } from 'react';
import { Button, Link } from 'react-aria-components';
import { deleteSavedSearch, listSavedSearches, type SearchFilters, updateSavedSearch } from '../api.ts';
import { ALERT_OPTIONS, SaveSearchDialog } from '../components/SaveSearchDialog.tsx';

type Props = RemoteProps & { user: ApiUser };

/** What a search finds, in words: '“kitchen” · Bahamas · Residential · $5K - $25K'. */
export function describeSearch(filters: SearchFilters): string {
  const parts: string[] = [];
  if (filters.q) parts.push(`“${filters.q}”`);
  if (filters.country) parts.push(COUNTRIES.find((c) => c.code === filters.country)?.name ?? filters.country);
  if (filters.category) parts.push(filters.category);
  if (filters.budget)
    parts.push(BUDGET_BANDS.find((b) => b.value === filters.budget)?.label ?? filters.budget);
  return parts.length === 0 ? 'All projects' : parts.join(' · ');
}

/** The Browse URL that shows what the search finds. */
export function browseHref(filters: SearchFilters): string {
  const query = new URLSearchParams();
  query.set('country', filters.country ?? '');
  if (filters.q) query.set('q', filters.q);
  if (filters.category) query.set('category', filters.category);
  if (filters.budget) query.set('budget', filters.budget);
  return `/projects?${query.toString()}`;
}

/** What an empty saved list says: how to fill it. */
const EMPTY_SAVED = {
  projects: { title: 'No saved projects yet', hint: 'Save a project from its card or page to find it here.' },
  searches: {
    title: 'No saved searches yet',
    hint: 'Choose filters on Browse Projects, then Save this search.',
  },
} as const;

/**
 * A saved list (searches here, projects on Saved Projects) that did not load, or holds nothing yet: the
 * reason and Try again, or how to fill it and Browse Projects. Nothing otherwise.
 */
export function SavedListState({
  list,
  load: { state, reload },
  isEmpty,
}: {
  list: keyof typeof EMPTY_SAVED;
  load: { state: LoadState<unknown>; reload(): unknown };
  isEmpty: boolean;
}) {
  if (state.status === 'error') return <LoadFailed onRetry={reload}>{errorText(state.error)}</LoadFailed>;
  if (state.status !== 'ready' || !isEmpty) return null;
  const { title, hint } = EMPTY_SAVED[list];
  return (
    <EmptyState title={title}>
      <p className="muted">{hint}</p>
      <Link href="/projects" className="btn btn-primary">
        Browse Projects
      </Link>
    </EmptyState>
  );
}

export function SavedSearchesPage(props: Props) {
  const { toast } = props;
  const saved = useLoad<SavedSearch[]>('saved-searches', () => listSavedSearches());
  const { state } = saved;
  const [edits, setEdits] = useState<Record<string, SavedSearch>>({});
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const [pending, setPending] = useState(false);
  const searches = (state.data ?? []).filter((s) => !removed.has(s.id)).map((s) => edits[s.id] ?? s);

  async function change(search: SavedSearch, changes: { name?: string; alerts?: SearchAlerts }) {
    const saved = await updateSavedSearch(search.id, changes);
    setEdits((e) => ({ ...e, [saved.id]: saved }));
    return saved;
  }

  async function setAlerts(search: SavedSearch, alerts: SearchAlerts) {
    try {
      await change(search, { alerts });
      toast({ title: alerts === 'off' ? 'Alerts turned off' : 'Alerts updated' });
    } catch (error) {
      toast({ title: 'Error', description: errorText(error), variant: 'destructive' });
    }
  }

  async function remove(search: SavedSearch) {
    setPending(true);
    try {
      await deleteSavedSearch(search.id);
      setRemoved((r) => new Set([...r, search.id]));
      setDeleting(null);
      toast({ title: 'Saved search deleted' });
    } catch (error) {
      toast({ title: 'Error', description: errorText(error), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="page stack">
      <div>
        <h1 className="page-title">Saved Searches</h1>
        {state.status === 'ready' && (
          <p className="muted">
            {plural(searches.length, 'saved search', 'saved searches')}. You hear of new projects that match
            them.
          </p>
        )}
      </div>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading saved searches...
        </p>
      )}
      <SavedListState list="searches" load={saved} isEmpty={searches.length === 0} />
      {searches.length > 0 && (
        <ul className="saved-search-list stack" aria-label="Saved searches">
          {searches.map((search) => (
            <li key={search.id} className="card saved-search">
              <div className="saved-search-head">
                <h2 className="card-title">{search.name}</h2>
                <p className="muted">{describeSearch(search.filters)}</p>
              </div>
              <SelectInput
                label={`Alerts for ${search.name}`}
                name={`alerts-${search.id}`}
                value={search.alerts}
                onChange={(v) => void setAlerts(search, (v || 'off') as SearchAlerts)}
                options={ALERT_OPTIONS}
              />
              <div className="saved-search-actions">
                <Link className="btn btn-outline" href={browseHref(search.filters)}>
                  Show projects
                </Link>
                <Button className="btn btn-outline" onPress={() => setRenaming(search)}>
                  Rename
                </Button>
                <Button className="btn btn-danger" onPress={() => setDeleting(search)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {renaming && (
        <SaveSearchDialog
          key={renaming.id}
          isOpen
          onOpenChange={whenClosed(() => setRenaming(null))}
          title="Rename saved search"
          summary={describeSearch(renaming.filters)}
          initialName={renaming.name}
          initialAlerts={renaming.alerts}
          submitLabel="Save"
          onSubmit={async (name, alerts) => {
            await change(renaming, { name, alerts });
            toast({ title: 'Saved search updated' });
          }}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={whenClosed(() => setDeleting(null))}
        title="Delete saved search?"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={pending}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      >
        “{deleting?.name}” will be deleted, and you will no longer hear of new projects that match it.
      </ConfirmDialog>
    </div>
  );
}
