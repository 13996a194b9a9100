import type { EntityManager } from '@mikro-orm/core';
import type { ProjectEngagement } from '../../application/engagement/ports.ts';
import { isUuid } from './marketplace-mappers.ts';
import { runSql, toCount } from './sql.ts';
import type { ViewBatch } from './view-batch.ts';

/** Whether a view (project, viewer, day) is recorded: three placeholders. */
const SEEN = 'exists (select 1 from project_views where project_id = ? and viewer_key = ? and day = ?::date)';

/**
 * ProjectEngagement in SQL. Each call is one statement: the insert or delete of the view / save row and
 * the matching change of projects.view_count / save_count happen together (data-modifying CTEs), so the
 * counts never drift from the rows, also under concurrent requests (the primary keys decide).
 *
 * With a ViewBatch (the API's composition, decision 0218), a view is not written by the request: the
 * request only reads whether the viewer's view of today is recorded, and a new one waits in the batch,
 * which writes it within a second.
 */
export class SqlProjectEngagement implements ProjectEngagement {
  readonly #em: EntityManager;
  readonly #views: ViewBatch | undefined;

  constructor(em: EntityManager, views?: ViewBatch) {
    this.#em = em;
    this.#views = views;
  }

  async recordView(projectId: string, viewerKey: string, day: string): Promise<boolean> {
    if (!isUuid(projectId)) return false;
    if (this.#views) {
      const [row] = await runSql<{ seen: boolean }>(this.#em, `select ${SEEN} as seen`, [
        projectId,
        viewerKey,
        day,
      ]);
      return this.#pend(row?.seen === true, { projectId, viewerKey, day });
    }
    const rows = await runSql<{ view_count: number }>(
      this.#em,
      `with added as (
          insert into project_views (project_id, viewer_key, day) values (?, ?, ?::date)
          on conflict do nothing returning project_id
        )
        update projects set view_count = view_count + 1
        where id in (select project_id from added) returning view_count`,
      [projectId, viewerKey, day],
    );
    return rows.length > 0;
  }

  /** recordView (when `view` is given) and isSaved in one statement: the project page's round trip. */
  async open(
    userId: string,
    projectId: string,
    view: { viewerKey: string; day: string } | null,
  ): Promise<{ added: boolean; saved: boolean }> {
    if (!isUuid(projectId)) return { added: false, saved: false };
    const saved = isUuid(userId)
      ? 'exists (select 1 from saved_projects where user_id = ? and project_id = ?)'
      : 'false';
    const savedParams = isUuid(userId) ? [userId, projectId] : [];
    if (!view) {
      const [row] = await runSql<{ saved: boolean }>(this.#em, `select ${saved} as saved`, savedParams);
      return { added: false, saved: row?.saved === true };
    }
    if (this.#views) {
      const [seen] = await runSql<{ seen: boolean; saved: boolean }>(
        this.#em,
        `select ${SEEN} as seen, ${saved} as saved`,
        [projectId, view.viewerKey, view.day, ...savedParams],
      );
      const added = this.#pend(seen?.seen === true, { projectId, ...view });
      return { added, saved: seen?.saved === true };
    }
    const [row] = await runSql<{ added: boolean; saved: boolean }>(
      this.#em,
      `with added as (
          insert into project_views (project_id, viewer_key, day) values (?, ?, ?::date)
          on conflict do nothing returning project_id
        ), counted as (
          update projects set view_count = view_count + 1
          where id in (select project_id from added) returning id
        )
        select exists (select 1 from counted) as added, ${saved} as saved`,
      [projectId, view.viewerKey, view.day, ...savedParams],
    );
    return { added: row?.added === true, saved: row?.saved === true };
  }

  /**
   * A view read as not recorded goes to the batch. It counts as added (the page's count includes it) until
   * the batch writes it: a reload within that second is told the same, as the count it reads is still
   * without it.
   */
  #pend(recorded: boolean, view: { projectId: string; viewerKey: string; day: string }): boolean {
    if (recorded || !this.#views) return false;
    this.#views.add(view);
    return true;
  }

  async save(userId: string, projectId: string, at: Date): Promise<number> {
    if (!isUuid(userId) || !isUuid(projectId)) return 0;
    const [row] = await runSql<{ save_count: string | number }>(
      this.#em,
      `with added as (
          insert into saved_projects (user_id, project_id, created_at) values (?, ?, ?)
          on conflict do nothing returning project_id
        ), counted as (
          update projects set save_count = save_count + 1
          where id in (select project_id from added) returning save_count
        )
        select coalesce((select save_count from counted), (select save_count from projects where id = ?)) as save_count`,
      [userId, projectId, at, projectId],
    );
    return toCount(row?.save_count);
  }

  async unsave(userId: string, projectId: string): Promise<number> {
    if (!isUuid(userId) || !isUuid(projectId)) return 0;
    const [row] = await runSql<{ save_count: string | number }>(
      this.#em,
      `with removed as (
          delete from saved_projects where user_id = ? and project_id = ? returning project_id
        ), counted as (
          update projects set save_count = greatest(save_count - 1, 0)
          where id in (select project_id from removed) returning save_count
        )
        select coalesce((select save_count from counted), (select save_count from projects where id = ?)) as save_count`,
      [userId, projectId, projectId],
    );
    return toCount(row?.save_count);
  }

  async isSaved(userId: string, projectId: string): Promise<boolean> {
    if (!isUuid(userId) || !isUuid(projectId)) return false;
    const rows = await runSql(this.#em, 'select 1 from saved_projects where user_id = ? and project_id = ?', [
      userId,
      projectId,
    ]);
    return rows.length > 0;
  }

  async savedProjectIds(userId: string, limit: number): Promise<string[]> {
    if (!isUuid(userId)) return [];
    const rows = await runSql<{ project_id: string }>(
      this.#em,
      `select project_id from saved_projects where user_id = ?
        order by created_at desc, project_id desc limit ?`,
      [userId, limit],
    );
    return rows.map((r) => r.project_id);
  }

  async saverIds(projectId: string): Promise<string[]> {
    if (!isUuid(projectId)) return [];
    const rows = await runSql<{ user_id: string }>(
      this.#em,
      'select user_id from saved_projects where project_id = ?',
      [projectId],
    );
    return rows.map((r) => r.user_id);
  }
}
