import type {
  ProjectDetailView,
  ProjectPage,
  ProjectQuery,
  ProjectView,
} from '../../application/projects/ports.ts';
import type { ProjectFilters } from '../../domain/project/browse.ts';

interface Entry {
  at: number;
  page: Promise<ProjectPage>;
}

/**
 * Keeps the pages of the project list for a short time (`ttlMs`, default 1 s), keyed by the filters, so a
 * burst of identical browse requests costs one query. Concurrent misses share one query. `clear()` is
 * called after every successful write request of this process (the HTTP layer's onResponse hook), so a
 * writer reads its own writes; another API instance sees them within `ttlMs`. `findView` and `findDetail` (the detail
 * page, with the caller's own bid) are never cached. See docs/decisions/0007-read-caches.md.
 */
export class CachingProjectQuery implements ProjectQuery {
  readonly #inner: ProjectQuery;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #entries = new Map<string, Entry>();

  constructor(
    inner: ProjectQuery,
    options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
  ) {
    this.#inner = inner;
    this.#ttlMs = options.ttlMs ?? 1000;
    this.#maxEntries = options.maxEntries ?? 500;
    this.#now = options.now ?? Date.now;
  }

  findView(id: string): Promise<ProjectView | null> {
    return this.#inner.findView(id);
  }

  findDetail(id: string, viewerId: string): Promise<ProjectDetailView | null> {
    return this.#inner.findDetail(id, viewerId);
  }

  list(filters: ProjectFilters): Promise<ProjectPage> {
    if (this.#ttlMs <= 0) return this.#inner.list(filters);
    const key = JSON.stringify(filters, Object.keys(filters).sort());
    const now = this.#now();
    const cached = this.#entries.get(key);
    if (cached && now - cached.at < this.#ttlMs) return cached.page;
    const page = this.#inner.list(filters);
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    this.#entries.set(key, { at: now, page });
    // A failed query is not kept: the next request asks again.
    page.catch(() => {
      if (this.#entries.get(key)?.page === page) this.#entries.delete(key);
    });
    return page;
  }

  clear(): void {
    this.#entries = new Map();
  }
}
