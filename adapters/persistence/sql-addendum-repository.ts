import type { EntityManager } from '@mikro-orm/core';
import type { AddendumRepository } from '../../application/shared/marketplace-ports.ts';
import { Addendum } from '../../domain/project/addendum.ts';
import { isUuid } from './marketplace-mappers.ts';
import { runSql } from './sql.ts';

interface AddendumRow {
  id: string;
  project_id: string;
  text: string;
  attachments: string[] | string;
  created_at: Date | string;
}

function fileNames(value: string[] | string): string[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

function toAddendum(row: AddendumRow): Addendum {
  return Addendum.restore({
    id: row.id,
    projectId: row.project_id,
    text: row.text,
    attachments: fileNames(row.attachments),
    createdAt: new Date(row.created_at),
  });
}

/** The project_addenda table in SQL, inside the transaction of the em it is given. */
export class SqlAddendumRepository implements AddendumRepository {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async add(addendum: Addendum): Promise<void> {
    const s = addendum.toSnapshot();
    await runSql(
      this.#em,
      'insert into project_addenda (id, project_id, text, attachments, created_at) values (?, ?, ?, ?::jsonb, ?)',
      [s.id, s.projectId, s.text, JSON.stringify(s.attachments), s.createdAt],
    );
  }

  async listByProject(projectId: string): Promise<Addendum[]> {
    if (!isUuid(projectId)) return [];
    const rows = await runSql<AddendumRow>(
      this.#em,
      `select id, project_id, text, attachments, created_at from project_addenda
        where project_id = ? order by created_at, id`,
      [projectId],
    );
    return rows.map(toAddendum);
  }

  async deleteByProject(projectId: string): Promise<string[]> {
    if (!isUuid(projectId)) return [];
    const rows = await runSql<Pick<AddendumRow, 'attachments'>>(
      this.#em,
      'delete from project_addenda where project_id = ? returning attachments',
      [projectId],
    );
    return rows.flatMap((row) => fileNames(row.attachments));
  }
}
