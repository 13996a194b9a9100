import type { EntityManager } from '@mikro-orm/core';
import { runSql } from './sql.ts';

/** One counted view: a viewer (viewerKey) on a project on a local day (YYYY-MM-DD). */
interface PendingView {
  projectId: string;
  viewerKey: string;
  day: string;
}

export interface ViewBatchOptions {
  /** How often the views seen since the last flush are written (default 1 s). */
  intervalMs?: number;
  /**
   * The most views kept while the database does not take them (a flush that fails keeps them for the
   * next one); beyond it the oldest are dropped and counted in `dropped`.
   */
  maxPending?: number;
  /** Rows per insert statement. */
  rowsPerStatement?: number;
  onError?: (error: unknown) => void;
}

/**
 * The project page's view counting, off the read path (decision 0218, issue 26): a view is kept in this
 * process and written with the others of the same second in one transaction, instead of one insert and
 * one update per page view.
 * - Once per viewer per project per day still holds: the views table's primary key (project, viewer, day)
 *   decides, as before; a view pending here is not kept twice; and view_count rises only by the rows the
 *   insert really added, in the same transaction, so it never drifts from the rows.
 * - The projects' rows are locked in id order before their counts change, so two instances flushing at
 *   once cannot deadlock.
 * - At most `intervalMs` (plus one flush) late. `stop()` (on SIGTERM, through the API's close) writes what
 *   is pending before the pool closes; only a crash loses the last second.
 */
export class ViewBatch {
  readonly #em: EntityManager;
  readonly #intervalMs: number;
  readonly #maxPending: number;
  readonly #rowsPerStatement: number;
  readonly #onError: (error: unknown) => void;
  #pending = new Map<string, PendingView>();
  #timer: ReturnType<typeof setInterval> | undefined;
  #flushing: Promise<number> | undefined;
  /** Views dropped because the database did not take them for too long (see maxPending). */
  dropped = 0;

  constructor(em: EntityManager, options: ViewBatchOptions = {}) {
    this.#em = em;
    this.#intervalMs = options.intervalMs ?? 1_000;
    this.#maxPending = options.maxPending ?? 50_000;
    this.#rowsPerStatement = options.rowsPerStatement ?? 500;
    this.#onError = options.onError ?? (() => {});
  }

  start(): this {
    if (this.#timer) return this;
    this.#timer = setInterval(() => {
      void this.flush().catch(this.#onError);
    }, this.#intervalMs);
    this.#timer.unref();
    return this;
  }

  static #key(view: PendingView): string {
    return `${view.projectId} ${view.day} ${view.viewerKey}`;
  }

  /** Whether this view waits here to be written. */
  has(view: PendingView): boolean {
    return this.#pending.has(ViewBatch.#key(view));
  }

  /** Keeps the view for the next flush; false when it was already waiting. */
  add(view: PendingView): boolean {
    const key = ViewBatch.#key(view);
    if (this.#pending.has(key)) return false;
    this.#pending.set(key, view);
    while (this.#pending.size > this.#maxPending) {
      const oldest = this.#pending.keys().next().value as string;
      this.#pending.delete(oldest);
      this.dropped++;
    }
    return true;
  }

  get pendingCount(): number {
    return this.#pending.size;
  }

  /** Writes every pending view; answers how many were new to the database. One flush at a time. */
  async flush(): Promise<number> {
    while (this.#flushing) await this.#flushing.catch(() => 0);
    if (this.#pending.size === 0) return 0;
    const taken = this.#pending;
    this.#pending = new Map();
    this.#flushing = this.#write([...taken.values()]).then(
      (added) => added,
      (error: unknown) => {
        // Back in front of what arrived meanwhile, for the next flush.
        for (const [key, view] of this.#pending) taken.set(key, view);
        this.#pending = taken;
        throw error;
      },
    );
    try {
      return await this.#flushing;
    } finally {
      this.#flushing = undefined;
    }
  }

  /** Stops the timer and writes what is pending. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  async #write(views: PendingView[]): Promise<number> {
    views.sort((a, b) => (a.projectId < b.projectId ? -1 : a.projectId > b.projectId ? 1 : 0));
    return this.#em.fork().transactional(async (em) => {
      const projectIds = [...new Set(views.map((v) => v.projectId))];
      // Lock the counted projects in id order (a deleted project simply has no row).
      for (let i = 0; i < projectIds.length; i += this.#rowsPerStatement) {
        const ids = projectIds.slice(i, i + this.#rowsPerStatement);
        await runSql(
          em,
          `select id from projects where id in (${ids.map(() => '?').join(', ')}) order by id for update`,
          ids,
        );
      }
      let added = 0;
      for (let i = 0; i < views.length; i += this.#rowsPerStatement) {
        const chunk = views.slice(i, i + this.#rowsPerStatement);
        const rows = await runSql<{ n: string | number }>(
          em,
          `with added as (
              insert into project_views (project_id, viewer_key, day)
              select v.project_id::uuid, v.viewer_key, v.day::date
              from (values ${chunk.map(() => '(?, ?, ?)').join(', ')}) as v(project_id, viewer_key, day)
              where exists (select 1 from projects p where p.id = v.project_id::uuid)
              on conflict do nothing returning project_id
            ), counted as (
              update projects p set view_count = p.view_count + c.n
              from (select project_id, count(*) as n from added group by project_id) c
              where p.id = c.project_id returning c.n
            )
            select coalesce(sum(n), 0) as n from counted`,
          chunk.flatMap((v) => [v.projectId, v.viewerKey, v.day]),
        );
        added += Number(rows[0]?.n ?? 0);
      }
      return added;
    });
  }
}
