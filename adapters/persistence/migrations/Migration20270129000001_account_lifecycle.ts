import { Migration } from '@mikro-orm/migrations';

/**
 * The account lifecycle (decision 0160): email verification and deletion on users, and password reset links.
 * Accounts that exist before verification was introduced are taken as verified (their address has been
 * receiving our mail all along); accounts created from now on verify through the link they are sent.
 */
export class Migration20270129000001_account_lifecycle extends Migration {
  override name = 'Migration20270129000001_account_lifecycle';

  override up(): void {
    this.addSql(`alter table "users" add column "email_verified_at" timestamptz null;`);
    this.addSql(`alter table "users" add column "deleted_at" timestamptz null;`);
    this.addSql(`update "users" set "email_verified_at" = "created_at";`);
    this.addSql(`create table "password_resets" (
      "token_hash" varchar(64) not null,
      "user_id" uuid not null,
      "created_at" timestamptz not null,
      "expires_at" timestamptz not null,
      constraint "password_resets_pkey" primary key ("token_hash")
    );`);
    this.addSql(`create index "password_resets_user_id_index" on "password_resets" ("user_id");`);
    this.addSql(
      `alter table "password_resets" add constraint "password_resets_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "password_resets";`);
    this.addSql(`alter table "users" drop column "deleted_at";`);
    this.addSql(`alter table "users" drop column "email_verified_at";`);
  }
}
