/** Projects browse (section 2.1): search, country, category and budget filters, cards, count. */
import type { ApiUser, ProjectSummary, RemoteProps } from '@buildbid/api-client';
import { COUNTRIES, PROJECT_CATEGORIES } from '@buildbid/domain/catalog';
import { BUDGET_BANDS } from '@buildbid/domain/project';
import {
  Busy,
  EmptyState,
  errorText,
  LoadFailed,
  messageOwner,
  projectsFoundText,
  SelectInput,
  useLoad,
  whenClosed,
} from '@buildbid/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Input, Label, Link, SearchField } from 'react-aria-components';
import {
  createSavedSearch,
  listProjects,
  type ProjectPage,
  type ProjectQuery,
  type SearchFilters,
} from '../api.ts';
import { BidDialogSlot } from '../components/BidsSlots.tsx';
import { ProjectCard, SkeletonCard } from '../components/ProjectCard.tsx';
import { SaveSearchDialog } from '../components/SaveSearchDialog.tsx';
import { shareProject } from '../share.ts';
import { useMyBidStatuses } from '../useMyBidStatuses.ts';
import { useSavedProjects } from '../useSaved.ts';
import { describeSearch } from './SavedSearchesPage.tsx';

const ALL = 'all';
const SKELETONS = 6;

export interface BrowseFilters {
  q: string;
  country: string;
  category: string;
  budget: string;
}

/** The filters named in the query string (View Similar links here with category and country). */
export function readBrowseFilters(search: string, headerCountry: string): BrowseFilters {
  const p = new URLSearchParams(search);
  return {
    q: p.get('q') ?? '',
    country: p.has('country') ? p.get('country') || ALL : headerCountry || ALL,
    category: p.get('category') || ALL,
    budget: p.get('budget') || ALL,
  };
}

/** The page the list starts at, when the address names one (Load more writes it, so a reload keeps it). */
export function readBrowseCursor(search: string): string | null {
  return new URLSearchParams(search).get('cursor') || null;
}

/**
 * The address of a browse state (decision 0183: q, country, category, budget and cursor live in the query
 * string, so a reload, Back or a shared link shows the same list). The country is written only when it
 * differs from the header's, an empty value meaning all countries.
 */
export function writeBrowseSearch(f: BrowseFilters, headerCountry: string, cursor: string | null): string {
  const p = new URLSearchParams();
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.country !== (headerCountry || ALL)) p.set('country', f.country === ALL ? '' : f.country);
  if (f.category !== ALL) p.set('category', f.category);
  if (f.budget !== ALL) p.set('budget', f.budget);
  if (cursor) p.set('cursor', cursor);
  const text = p.toString();
  return text ? `?${text}` : '';
}

/** The request: 'all' becomes an empty country and no category/budget filter. */
export function toQuery(f: BrowseFilters, cursor?: string): ProjectQuery {
  const q: ProjectQuery = { country: f.country === ALL ? '' : f.country };
  if (f.q.trim()) q.q = f.q.trim();
  if (f.category !== ALL) q.category = f.category;
  if (f.budget !== ALL) q.budget = f.budget as ProjectQuery['budget'];
  if (cursor) q.cursor = cursor;
  return q;
}

/** The filters a saved search keeps: the text and the three filters, 'all' as none. */
function searchFilters(f: BrowseFilters): SearchFilters {
  return {
    q: f.q.trim() || null,
    country: f.country === ALL ? null : f.country,
    category: f.category === ALL ? null : f.category,
    budget: f.budget === ALL ? null : f.budget,
  };
}

/** The category filter; 'All' is sent as no filter, and any case finds the category. */
const CATEGORY_OPTIONS = [
  { value: ALL, label: 'All' },
  ...PROJECT_CATEGORIES.map((c) => ({ value: c, label: c })),
];
const BUDGET_OPTIONS = [{ value: ALL, label: 'Any Budget' }, ...BUDGET_BANDS];
const COUNTRY_OPTIONS = [
  { value: ALL, label: 'All Countries' },
  ...COUNTRIES.map((c) => ({ value: c.code, label: `${c.flag} ${c.name}`, textValue: c.name })),
];

/** The three choices beside the search; clearing one means all. */
const FILTER_SELECTS = [
  { name: 'country', label: 'Country', options: COUNTRY_OPTIONS },
  { name: 'category', label: 'Category', options: CATEGORY_OPTIONS },
  { name: 'budget', label: 'Budget', options: BUDGET_OPTIONS },
] as const;

export function BrowsePage(props: RemoteProps & { user: ApiUser }) {
  const { user, search, country: headerCountry, toast, navigate } = props;
  const path = props.path || '/projects';
  const [filters, setFilters] = useState<BrowseFilters>(() => readBrowseFilters(search, headerCountry));
  const [debouncedQ, setDebouncedQ] = useState(filters.q);
  // The page the list starts at: null for the newest; from the address after Load more and a reload.
  const [start, setStart] = useState<string | null>(() => readBrowseCursor(search));
  const [more, setMore] = useState<ProjectSummary[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [bidOn, setBidOn] = useState<ProjectSummary | null>(null);
  const [savingSearch, setSavingSearch] = useState(false);

  // The header's country filter also applies.
  const lastHeaderCountry = useRef(headerCountry);
  useEffect(() => {
    if (lastHeaderCountry.current === headerCountry) return;
    lastHeaderCountry.current = headerCountry;
    setFilters((f) => ({ ...f, country: headerCountry || ALL }));
    setStart(null);
  }, [headerCountry]);

  useEffect(() => {
    const t = setTimeout(() => setDebouncedQ(filters.q), 300);
    return () => clearTimeout(t);
  }, [filters.q]);

  const effective = useMemo(() => ({ ...filters, q: debouncedQ }), [filters, debouncedQ]);

  // The address follows the list: a new entry per filter change (Back undoes it), typing replaces.
  const written = useRef(search);
  const previous = useRef(effective);
  useEffect(() => {
    const next = writeBrowseSearch(effective, headerCountry, start);
    const onlyText =
      previous.current.country === effective.country &&
      previous.current.category === effective.category &&
      previous.current.budget === effective.budget;
    previous.current = effective;
    if (next === written.current) return;
    written.current = next;
    navigate(`${path}${next}`, { replace: onlyText });
    // headerCountry is read, not followed: its own effect changes the filters.
    // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  }, [effective, start]);

  // Back, Forward or a link to another browse address: the list follows the address.
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    const read = readBrowseFilters(search, headerCountry);
    previous.current = read;
    setFilters(read);
    setDebouncedQ(read.q);
    setStart(readBrowseCursor(search));
    // biome-ignore lint/correctness/useExhaustiveDependencies: only a new address matters here
  }, [search]);

  const key = JSON.stringify(toQuery(effective, start ?? undefined));
  const { state, reload } = useLoad<ProjectPage>(key, () =>
    listProjects(toQuery(effective, start ?? undefined)),
  );
  const savedProjects = useSavedProjects(props);

  useEffect(() => {
    setMore([]);
    setCursor(state.status === 'ready' ? state.data.nextCursor : null);
  }, [state]);

  const page = state.data;
  const projects = page ? [...page.projects, ...more] : [];
  const total = page ? Math.max(page.total, projects.length) : 0;
  const bids = useMyBidStatuses(
    projects.map((p) => p.id),
    user.role === 'contractor',
  );

  async function loadMore() {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const next = await listProjects(toQuery(effective, cursor));
      setMore((m) => [...m, ...next.projects]);
      setCursor(next.nextCursor);
      // The address names the page just loaded, so a reload or a shared link continues from it.
      const address = writeBrowseSearch(effective, headerCountry, cursor);
      written.current = address;
      navigate(`${path}${address}`, { replace: true });
    } catch (error) {
      toast({ title: 'Error', description: errorText(error), variant: 'destructive' });
    } finally {
      setLoadingMore(false);
    }
  }

  const set = (patch: Partial<BrowseFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setStart(null);
  };
  const clear = () => {
    setFilters({ q: '', country: ALL, category: ALL, budget: ALL });
    setStart(null);
  };

  return (
    <section className="browse">
      <div className="page-head">
        <div>
          <h1 className="page-title">Browse Projects</h1>
          <p className="muted">Find construction and renovation projects that match your skills.</p>
        </div>
        <div className="page-head-actions">
          <Button className="btn btn-outline" onPress={() => setSavingSearch(true)}>
            Save this search
          </Button>
          <Link className="btn btn-outline" href="/saved-searches">
            Saved searches
          </Link>
          {user.role === 'client' && (
            <Button className="btn btn-primary" onPress={() => navigate('/post-project')}>
              Post Project
            </Button>
          )}
        </div>
      </div>
      {savingSearch && (
        <SaveSearchDialog
          isOpen
          onOpenChange={setSavingSearch}
          title="Save this search"
          summary={describeSearch(searchFilters(filters))}
          initialName={describeSearch(searchFilters(filters)).slice(0, 80)}
          submitLabel="Save search"
          onSubmit={async (name, alerts) => {
            await createSavedSearch(name, searchFilters(filters), alerts);
            toast({ title: 'Search saved', description: 'Find it under Saved searches.' });
          }}
        />
      )}

      <search className="card filters" aria-label="Filter projects">
        <SearchField className="field filters-search" value={filters.q} onChange={(q) => set({ q })}>
          <Label className="field-label">Search</Label>
          <Input className="input" placeholder="Search projects by title or description..." />
        </SearchField>
        {FILTER_SELECTS.map(({ name, label, options }) => (
          <SelectInput
            key={name}
            label={label}
            name={name}
            value={filters[name]}
            onChange={(v) => set({ [name]: v || ALL })}
            options={options}
          />
        ))}
      </search>

      {state.status === 'loading' ? (
        <Busy label="Loading projects" className="project-grid">
          {Array.from({ length: SKELETONS }, (_, i) => (
            <SkeletonCard key={i} />
          ))}
        </Busy>
      ) : state.status === 'error' && !page ? (
        <LoadFailed title="Projects didn't load" onRetry={reload}>
          {errorText(state.error)}
        </LoadFailed>
      ) : (
        <>
          <p className="results-count" role="status">
            {projectsFoundText(total)}
          </p>
          {start && (
            <p className="muted small">
              Showing from a later page.{' '}
              <Button className="btn btn-ghost btn-small" onPress={() => setStart(null)}>
                Show the newest projects
              </Button>
            </p>
          )}
          {projects.length === 0 ? (
            <EmptyState title="No projects found">
              {page?.suggestion && (
                <p className="did-you-mean">
                  Did you mean{' '}
                  <Link
                    className="text-link"
                    href={`${path}${writeBrowseSearch({ ...effective, q: page.suggestion }, headerCountry, null)}`}
                  >
                    {page.suggestion}
                  </Link>
                  ?
                </p>
              )}
              <p className="muted">Try different search terms or filters.</p>
              <Button className="btn btn-outline" onPress={clear}>
                Clear Filters
              </Button>
            </EmptyState>
          ) : (
            <div className="project-grid">
              {projects.map((p) => (
                <ProjectCard
                  key={p.id}
                  project={p}
                  canBid={user.role === 'contractor'}
                  myBidStatus={bids.statusOf(p.id)}
                  onBid={setBidOn}
                  onMessage={(project) => messageOwner(project, props)}
                  onShare={(project) => void shareProject(project, props.toast)}
                  viewerId={user.id}
                  saved={savedProjects.saved ? savedProjects.saved.has(p.id) : undefined}
                  onToggleSave={(project) => void savedProjects.toggle(project)}
                />
              ))}
            </div>
          )}
          {cursor && (
            <div className="load-more">
              <Button className="btn btn-outline" isDisabled={loadingMore} onPress={() => void loadMore()}>
                {loadingMore ? 'Loading...' : 'Load more projects'}
              </Button>
            </div>
          )}
        </>
      )}

      {bidOn && (
        <BidDialogSlot
          loadModule={props.loadModule}
          project={bidOn}
          isOpen
          onOpenChange={whenClosed(() => setBidOn(null))}
          tier={user.subscriptionTier}
          toast={toast}
          navigate={navigate}
          onSubmitted={() => {
            bids.refresh();
            void reload();
          }}
        />
      )}
    </section>
  );
}
