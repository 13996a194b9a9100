import { Migration } from '@mikro-orm/migrations';

/**
 * BuildBid for third parties, one release:
 * - Personal access tokens (decision 0211): a user's credentials for scripts and integrations, kept as the
 *   SHA-256 of the secret. Deleting a user removes them (a deletion revokes them first).
 * - Webhooks (decision 0212): the endpoints users register, and the deliveries of events to them (the
 *   queue the workers claim from, and each endpoint's delivery log). One delivery per endpoint and event id,
 *   so an event the outbox hands over twice is queued once. Deleting a user removes their endpoints;
 *   deleting an endpoint removes its deliveries; deleting a saved search leaves the endpoint without one.
 * - OAuth apps (docs/decisions/0213-oauth-apps-with-oidc-provider.md): the apps developers register, and
 *   one table for everything the authorization server keeps (grants, codes, tokens, interactions), keyed by
 *   (model, id) with the payload as jsonb. Deleting a user or an app removes its rows.
 */
export class Migration20270301000001_third_parties extends Migration {
  override name = 'Migration20270301000001_third_parties';

  override up(): void {
    this.addSql(`create table "access_tokens" (
      "id" uuid not null,
      "user_id" uuid not null,
      "name" varchar(100) not null,
      "scopes" varchar(300) not null,
      "token_hash" varchar(64) not null,
      "hint" varchar(4) not null,
      "created_at" timestamptz not null,
      "expires_at" timestamptz not null,
      "last_used_at" timestamptz null,
      "last_used_ip" varchar(45) null,
      "revoked_at" timestamptz null,
      constraint "access_tokens_pkey" primary key ("id")
    );`);
    this.addSql(
      `alter table "access_tokens" add constraint "access_tokens_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(
      `create index "access_tokens_user_id_created_at_index" on "access_tokens" ("user_id", "created_at");`,
    );
    this.addSql(
      `alter table "access_tokens" add constraint "access_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

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

    this.addSql(`create table "oauth_apps" (
      "id" uuid not null,
      "user_id" uuid not null,
      "name" varchar(100) not null,
      "homepage_url" varchar(2000) not null,
      "logo_url" varchar(2000) null,
      "redirect_uris" jsonb not null,
      "secret_hash" varchar(64) null,
      "created_at" timestamptz not null,
      constraint "oauth_apps_pkey" primary key ("id")
    );`);
    this.addSql(
      `create index "oauth_apps_user_id_created_at_index" on "oauth_apps" ("user_id", "created_at");`,
    );
    this.addSql(
      `alter table "oauth_apps" add constraint "oauth_apps_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`create table "oauth_models" (
      "model" varchar(40) not null,
      "id" varchar(128) not null,
      "payload" jsonb not null,
      "grant_id" varchar(64) null,
      "user_code" varchar(64) null,
      "uid" varchar(64) null,
      "account_id" uuid null,
      "client_id" uuid null,
      "expires_at" timestamptz null,
      "consumed_at" timestamptz null,
      constraint "oauth_models_pkey" primary key ("model", "id")
    );`);
    for (const column of ['grant_id', 'uid', 'account_id', 'client_id', 'expires_at']) {
      this.addSql(`create index "oauth_models_${column}_index" on "oauth_models" ("${column}");`);
    }
    this.addSql(
      `alter table "oauth_models" add constraint "oauth_models_account_id_foreign" foreign key ("account_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "oauth_models" add constraint "oauth_models_client_id_foreign" foreign key ("client_id") references "oauth_apps" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "oauth_models" cascade;`);
    this.addSql(`drop table if exists "oauth_apps" cascade;`);
    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);
    this.addSql(`drop table if exists "webhook_endpoints" cascade;`);
    this.addSql(`drop table if exists "access_tokens" cascade;`);
  }
}
