import type { EntityManager } from '@mikro-orm/core';
import type {
  PaymentRecords,
  SubscriptionRecord,
  SubscriptionTransaction,
  SubscriptionUnitOfWork,
} from '../../application/subscription/ports.ts';
import type { UserReadCache } from '../caching/user-read-cache.ts';
import { MikroOrmTransactionalUserRepository } from './mikro-orm-marketplace-repositories.ts';
import { ForkingUnitOfWork } from './mikro-orm-unit-of-work.ts';
import { runSql } from './sql.ts';
import { SqlEventOutbox } from './sql-event-outbox.ts';

interface SubscriptionRow {
  id: string;
  user_id: string;
  customer_id: string;
  status: string;
  trial_end: Date | string | null;
  current_period_end: Date | string | null;
  cancel_at_period_end: boolean;
  amount_cents: number | null;
  currency: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const maybeDate = (value: Date | string | null) => (value === null ? null : date(value));

function toRecord(row: SubscriptionRow): SubscriptionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    customerId: row.customer_id,
    status: row.status,
    trialEnd: maybeDate(row.trial_end),
    currentPeriodEnd: maybeDate(row.current_period_end),
    cancelAtPeriodEnd: row.cancel_at_period_end,
    amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
    currency: row.currency,
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

const COLUMNS = `id, user_id, customer_id, status, trial_end, current_period_end, cancel_at_period_end,
  amount_cents, currency, created_at, updated_at`;

/** payment_subscriptions and payment_events, in SQL, on the em's transaction. */
class MikroOrmPaymentRecords implements PaymentRecords {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async claimEvent(id: string, type: string, receivedAt: Date): Promise<boolean> {
    // ON CONFLICT DO NOTHING waits for a concurrent insert of the same id to commit, then skips it,
    // without aborting this transaction (a unique violation would).
    const rows = await runSql(
      this.#em,
      `insert into payment_events (id, type, received_at) values (?, ?, ?)
         on conflict (id) do nothing returning id`,
      [id, type.slice(0, 100), receivedAt],
    );
    return rows.length === 1;
  }

  async findSubscription(id: string): Promise<SubscriptionRecord | null> {
    const rows = await runSql<SubscriptionRow>(
      this.#em,
      `select ${COLUMNS} from payment_subscriptions where id = ?`,
      [id],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async latestSubscriptionOf(userId: string): Promise<SubscriptionRecord | null> {
    const rows = await runSql<SubscriptionRow>(
      this.#em,
      `select ${COLUMNS} from payment_subscriptions where user_id = ?
         order by created_at desc, id desc limit 1`,
      [userId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async saveSubscription(r: SubscriptionRecord): Promise<void> {
    await runSql(
      this.#em,
      `insert into payment_subscriptions (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (id) do update set user_id = excluded.user_id, customer_id = excluded.customer_id,
           status = excluded.status, trial_end = excluded.trial_end,
           current_period_end = excluded.current_period_end,
           cancel_at_period_end = excluded.cancel_at_period_end, amount_cents = excluded.amount_cents,
           currency = excluded.currency, updated_at = excluded.updated_at`,
      [
        r.id,
        r.userId,
        r.customerId,
        r.status.slice(0, 30),
        r.trialEnd,
        r.currentPeriodEnd,
        r.cancelAtPeriodEnd,
        r.amountCents,
        r.currency,
        r.createdAt,
        r.updatedAt,
      ],
    );
  }

  async findUserIdByCustomer(customerId: string): Promise<string | null> {
    const rows = await runSql<{ id: string }>(
      this.#em,
      'select id from users where stripe_customer_id = ? limit 1',
      [customerId],
    );
    return rows[0]?.id ?? null;
  }
}

/** SubscriptionUnitOfWork on PostgreSQL: the user's row lock (lockForUpdate) lasts until the run ends. */
export class MikroOrmSubscriptionUnitOfWork
  extends ForkingUnitOfWork<SubscriptionTransaction>
  implements SubscriptionUnitOfWork
{
  protected repositories(em: EntityManager, userCache: UserReadCache | undefined): SubscriptionTransaction {
    return {
      users: new MikroOrmTransactionalUserRepository(em, userCache),
      payments: new MikroOrmPaymentRecords(em),
      outbox: new SqlEventOutbox(em),
    };
  }
}
