import { Migration } from '@mikro-orm/migrations';

/**
 * Personal access tokens (decision 0211): a user's credentials for scripts and integrations, kept as the
 * SHA-256 of the secret. Deleting a user removes them (a deletion revokes them first).
 */
export class Migration20270301000001_access_tokens extends Migration {
  override name = 'Migration20270301000001_access_tokens';

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
  }

  override down(): void {
    this.addSql(`drop table if exists "access_tokens" cascade;`);
  }
}
