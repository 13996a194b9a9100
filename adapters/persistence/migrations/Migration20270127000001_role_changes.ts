import { Migration } from '@mikro-orm/migrations';

/**
 * The audit log of role changes (docs/security.md, Admin audit): who changed whose role, from what, to what and when.
 * Written in the same transaction as the change. The admin may be null (the admin:promote CLI has none); deleting an
 * admin keeps their entries with the admin cleared, deleting the user removes theirs.
 */
export class Migration20270127000001_role_changes extends Migration {
  override name = 'Migration20270127000001_role_changes';

  override up(): void {
    this.addSql(`create table "role_changes" (
      "id" uuid not null,
      "actor_id" uuid null,
      "target_id" uuid not null,
      "from_role" varchar(20) not null,
      "to_role" varchar(20) not null,
      "created_at" timestamptz not null,
      constraint "role_changes_pkey" primary key ("id")
    );`);
    this.addSql(`create index "role_changes_created_at_index" on "role_changes" ("created_at");`);
    this.addSql(
      `alter table "role_changes" add constraint "role_changes_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "role_changes" add constraint "role_changes_target_id_foreign" foreign key ("target_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "role_changes";`);
  }
}
