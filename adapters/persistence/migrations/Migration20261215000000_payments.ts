import { Migration } from '@mikro-orm/migrations';

/**
 * Payments: the last known state of each provider subscription, and the provider events already
 * handled (webhook idempotency). See adapters/persistence/payment-entities.ts.
 */
export class Migration20261215000000_payments extends Migration {
  override name = 'Migration20261215000000_payments';

  override up(): void {
    this.addSql(`create table "payment_subscriptions" (
      "id" varchar(255) not null,
      "user_id" uuid not null,
      "customer_id" varchar(255) not null,
      "status" varchar(30) not null,
      "trial_end" timestamptz null,
      "current_period_end" timestamptz null,
      "cancel_at_period_end" boolean not null default false,
      "amount_cents" int null,
      "currency" varchar(3) null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "payment_subscriptions_pkey" primary key ("id")
    );`);
    this.addSql(
      `create index "payment_subscriptions_user_id_created_at_index" on "payment_subscriptions" ("user_id", "created_at");`,
    );
    this.addSql(`create table "payment_events" (
      "id" varchar(255) not null,
      "type" varchar(100) not null,
      "received_at" timestamptz not null,
      constraint "payment_events_pkey" primary key ("id")
    );`);
  }

  override down(): void {
    this.addSql(`drop table if exists "payment_events";`);
    this.addSql(`drop table if exists "payment_subscriptions";`);
  }
}
