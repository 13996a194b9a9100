import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotency-Key records (docs/security.md, Writes safe to retry): per user and key, the request's fingerprint and,
 * once answered, the answer to replay. Deleting the user removes them.
 */
export class Migration20270127000002_idempotency_keys extends Migration {
  override name = 'Migration20270127000002_idempotency_keys';

  override up(): void {
    this.addSql(`create table "idempotency_keys" (
      "user_id" uuid not null,
      "key" varchar(100) not null,
      "fingerprint" varchar(64) not null,
      "status" varchar(10) not null,
      "response_status" int null,
      "response_body" text null,
      "created_at" timestamptz not null,
      primary key ("user_id", "key")
    );`);
    this.addSql(`create index "idempotency_keys_created_at_index" on "idempotency_keys" ("created_at");`);
    this.addSql(
      `alter table "idempotency_keys" add constraint "idempotency_keys_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "idempotency_keys";`);
  }
}
