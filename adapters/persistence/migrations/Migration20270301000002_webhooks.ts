import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks (decision 0212): the endpoints users register, and the deliveries of events to them (the queue
 * the workers claim from, and each endpoint's delivery log). One delivery per endpoint and event id, so an
 * event the outbox hands over twice is queued once. Deleting a user removes their endpoints; deleting an
 * endpoint removes its deliveries; deleting a saved search leaves the endpoint without one.
 */
export class Migration20270301000002_webhooks extends Migration {
  override name = 'Migration20270301000002_webhooks';

  override up(): void {
    this.addSql(`create table "webhook_endpoints" (
      "id" uuid not null,
      "user_id" uuid not null,
      "app_id" uuid null,
      "url" varchar(2048) not null,
      "description" varchar(500) not null,
      "event_types" varchar(400) not null,
      "saved_search_id" uuid null,
      "secret" varchar(100) not null,
      "previous_secret" varchar(100) null,
      "previous_secret_expires_at" timestamptz null,
      "status" varchar(10) not null,
      "disabled_reason" varchar(30) null,
      "disabled_at" timestamptz null,
      "failing_since" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "webhook_endpoints_pkey" primary key ("id")
    );`);
    this.addSql(
      `create index "webhook_endpoints_user_id_created_at_index" on "webhook_endpoints" ("user_id", "created_at");`,
    );
    this.addSql(
      `alter table "webhook_endpoints" add constraint "webhook_endpoints_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_endpoints" add constraint "webhook_endpoints_saved_search_id_foreign" foreign key ("saved_search_id") references "saved_searches" ("id") on update cascade on delete set null;`,
    );

    this.addSql(`create table "webhook_deliveries" (
      "id" uuid not null,
      "endpoint_id" uuid not null,
      "event_id" varchar(40) not null,
      "type" varchar(40) not null,
      "payload" text not null,
      "status" varchar(10) not null,
      "attempts" int not null default 0,
      "next_attempt_at" timestamptz null,
      "claimed_until" timestamptz null,
      "last_attempt_at" timestamptz null,
      "response_status" int null,
      "latency_ms" int null,
      "response_body" text null,
      "error" text null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "webhook_deliveries_pkey" primary key ("id")
    );`);
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_endpoint_id_event_id_unique" unique ("endpoint_id", "event_id");`,
    );
    this.addSql(
      `create index "webhook_deliveries_status_next_attempt_at_index" on "webhook_deliveries" ("status", "next_attempt_at");`,
    );
    this.addSql(
      `create index "webhook_deliveries_endpoint_id_created_at_index" on "webhook_deliveries" ("endpoint_id", "created_at");`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoints" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);
    this.addSql(`drop table if exists "webhook_endpoints" cascade;`);
  }
}
