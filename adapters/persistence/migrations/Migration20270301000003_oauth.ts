import { Migration } from '@mikro-orm/migrations';

/**
 * OAuth apps (docs/decisions/0213-oauth-apps-with-oidc-provider.md): the apps developers register, and
 * one table for everything the authorization server keeps (grants, codes, tokens, interactions),
 * keyed by (model, id) with the payload as jsonb. Deleting a user or an app removes its rows.
 */
export class Migration20270301000003_oauth extends Migration {
  override name = 'Migration20270301000003_oauth';

  override up(): void {
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
  }
}
