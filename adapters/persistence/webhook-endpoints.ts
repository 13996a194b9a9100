import type { EntityManager } from '@mikro-orm/core';
import type { WebhookEndpointRepository, WebhookMarketplace } from '../../application/webhooks/ports.ts';
import type { ProjectSnapshot } from '../../domain/project/project.ts';
import {
  isWebhookEventType,
  type WebhookDisabledReason,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../domain/webhook/endpoint.ts';
import { isUuid } from './marketplace-mappers.ts';
import { MikroOrmProjectRepository } from './mikro-orm-marketplace-repositories.ts';
import { runSql } from './sql.ts';
import { SEARCH_MEETS_PROJECT } from './sql-saved-searches.ts';

interface EndpointRow {
  id: string;
  user_id: string;
  app_id: string | null;
  url: string;
  description: string;
  event_types: string;
  saved_search_id: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  status: string;
  disabled_reason: string | null;
  disabled_at: Date | null;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = [
  'id',
  'user_id',
  'app_id',
  'url',
  'description',
  'event_types',
  'saved_search_id',
  'secret',
  'previous_secret',
  'previous_secret_expires_at',
  'status',
  'disabled_reason',
  'disabled_at',
  'failing_since',
  'created_at',
  'updated_at',
];
const SELECT = COLUMNS.map((c) => `e.${c}`).join(', ');

/** A nullable timestamp column as a Date. */
export const dateOrNull = (value: Date | null) => (value === null ? null : new Date(value));

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    ownerUserId: row.user_id,
    appId: row.app_id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types.split(' ').filter(isWebhookEventType),
    savedSearchId: row.saved_search_id,
    secret: row.secret,
    previousSecret: row.previous_secret,
    previousSecretExpiresAt: dateOrNull(row.previous_secret_expires_at),
    status: row.status === 'disabled' ? 'disabled' : 'enabled',
    disabledReason: row.disabled_reason as WebhookDisabledReason | null,
    disabledAt: dateOrNull(row.disabled_at),
    failingSince: dateOrNull(row.failing_since),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function values(e: WebhookEndpoint): unknown[] {
  return [
    e.id,
    e.ownerUserId,
    e.appId,
    e.url,
    e.description,
    e.eventTypes.join(' '),
    e.savedSearchId,
    e.secret,
    e.previousSecret,
    e.previousSecretExpiresAt,
    e.status,
    e.disabledReason,
    e.disabledAt,
    e.failingSince,
    e.createdAt,
    e.updatedAt,
  ];
}

/** An endpoint takes `type` when its space-separated list names it (padded: no type inside another). */
const TAKES = `(' ' || e.event_types || ' ') like ?`;
const takes = (type: WebhookEventType) => `% ${type.replaceAll('_', '\\_')} %`;

/** WebhookEndpointRepository in SQL (decision 0212). Give it `orm.em`; it forks for its transaction. */
export class SqlWebhookEndpoints implements WebhookEndpointRepository {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  add(endpoint: WebhookEndpoint, check: (count: number) => void): Promise<void> {
    return this.#em.fork().transactional(async (em) => {
      // One creation per user at a time: the count holds until the insert commits.
      await runSql(em, 'select id from users where id = ? for update', [endpoint.ownerUserId]);
      const [kept] = await runSql<{ n: string }>(
        em,
        'select count(*) as n from webhook_endpoints where user_id = ?',
        [endpoint.ownerUserId],
      );
      check(Number(kept?.n ?? 0));
      await runSql(
        em,
        `insert into webhook_endpoints (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`,
        values(endpoint),
      );
    });
  }

  async find(ownerUserId: string, id: string): Promise<WebhookEndpoint | null> {
    if (!isUuid(ownerUserId) || !isUuid(id)) return null;
    const [row] = await runSql<EndpointRow>(
      this.#em,
      `select ${SELECT} from webhook_endpoints e where e.id = ? and e.user_id = ?`,
      [id, ownerUserId],
    );
    return row ? toEndpoint(row) : null;
  }

  async listForOwner(ownerUserId: string): Promise<WebhookEndpoint[]> {
    if (!isUuid(ownerUserId)) return [];
    const rows = await runSql<EndpointRow>(
      this.#em,
      `select ${SELECT} from webhook_endpoints e where e.user_id = ? order by e.created_at desc, e.id desc`,
      [ownerUserId],
    );
    return rows.map(toEndpoint);
  }

  async save(endpoint: WebhookEndpoint): Promise<void> {
    const [, , ...rest] = COLUMNS;
    await runSql(
      this.#em,
      `update webhook_endpoints set ${rest.map((c) => `${c} = ?`).join(', ')} where id = ?`,
      [...values(endpoint).slice(2), endpoint.id],
    );
  }

  async remove(ownerUserId: string, id: string): Promise<boolean> {
    if (!isUuid(ownerUserId) || !isUuid(id)) return false;
    const rows = await runSql<{ id: string }>(
      this.#em,
      'delete from webhook_endpoints where id = ? and user_id = ? returning id',
      [id, ownerUserId],
    );
    return rows.length > 0;
  }

  async subscribed(
    type: Exclude<WebhookEventType, 'project.posted'>,
    userIds: readonly string[],
  ): Promise<WebhookEndpoint[]> {
    const ids = userIds.filter(isUuid);
    if (ids.length === 0) return [];
    const rows = await runSql<EndpointRow>(
      this.#em,
      `select ${SELECT} from webhook_endpoints e
        where e.user_id in (${ids.map(() => '?').join(', ')}) and e.status = 'enabled' and ${TAKES}
        order by e.created_at`,
      [...ids, takes(type)],
    );
    return rows.map(toEndpoint);
  }

  async projectPostedSubscribers(projectId: string): Promise<WebhookEndpoint[]> {
    if (!isUuid(projectId)) return [];
    const rows = await runSql<EndpointRow>(
      this.#em,
      `select ${SELECT}
        from webhook_endpoints e
        join saved_searches s on s.id = e.saved_search_id
        join projects p on p.id = ?
        where e.status = 'enabled' and ${TAKES} and e.user_id <> p.client_id and ${SEARCH_MEETS_PROJECT}
        order by e.created_at`,
      [projectId, takes('project.posted')],
    );
    return rows.map(toEndpoint);
  }

  async recordFailure(id: string, at: Date): Promise<Date | null> {
    const [row] = await runSql<{ failing_since: Date }>(
      this.#em,
      'update webhook_endpoints set failing_since = coalesce(failing_since, ?) where id = ? returning failing_since',
      [at, id],
    );
    return row ? new Date(row.failing_since) : null;
  }

  async recordSuccess(id: string): Promise<void> {
    await runSql(
      this.#em,
      'update webhook_endpoints set failing_since = null where id = ? and failing_since is not null',
      [id],
    );
  }

  async disableForFailures(id: string, at: Date): Promise<boolean> {
    const reason: WebhookDisabledReason = 'deliveries_failing';
    const rows = await runSql<{ id: string }>(
      this.#em,
      `update webhook_endpoints set status = 'disabled', disabled_reason = ?, disabled_at = ?, updated_at = ?
        where id = ? and status = 'enabled' returning id`,
      [reason, at, at, id],
    );
    return rows.length > 0;
  }
}

/** WebhookMarketplace in SQL: a project (the project repository, a fork per read), a search's owner. */
export class SqlWebhookMarketplace implements WebhookMarketplace {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async project(id: string): Promise<ProjectSnapshot | null> {
    const project = await new MikroOrmProjectRepository(this.#em.fork()).findById(id);
    return project ? project.toSnapshot() : null;
  }

  async savedSearchOwner(id: string): Promise<string | null> {
    if (!isUuid(id)) return null;
    const [row] = await runSql<{ user_id: string }>(
      this.#em,
      'select user_id from saved_searches where id = ?',
      [id],
    );
    return row?.user_id ?? null;
  }
}
