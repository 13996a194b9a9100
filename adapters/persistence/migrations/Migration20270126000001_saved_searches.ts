import { Migration } from '@mikro-orm/migrations';

/**
 * Saved searches with alerts (decision 0133): the searches, the matches waiting for a user's daily digest,
 * and when each user's last digest went out. Deleting a user removes all three; deleting a project
 * removes its waiting digest items.
 */
export class Migration20270126000001_saved_searches extends Migration {
  override name = 'Migration20270126000001_saved_searches';

  override up(): void {
    this.addSql(`create table "saved_searches" (
      "id" uuid not null,
      "user_id" uuid not null,
      "name" varchar(80) not null,
      "q" varchar(200) null,
      "country" varchar(10) null,
      "category" varchar(100) null,
      "budget" varchar(20) null,
      "alerts" varchar(10) not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "saved_searches_pkey" primary key ("id")
    );`);
    this.addSql(
      `create index "saved_searches_user_id_created_at_index" on "saved_searches" ("user_id", "created_at");`,
    );
    this.addSql(
      `alter table "saved_searches" add constraint "saved_searches_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create table "saved_search_digest_items" (
      "user_id" uuid not null,
      "project_id" uuid not null,
      "search_name" varchar(80) not null,
      "created_at" timestamptz not null,
      primary key ("user_id", "project_id")
    );`);
    this.addSql(
      `alter table "saved_search_digest_items" add constraint "saved_search_digest_items_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "saved_search_digest_items" add constraint "saved_search_digest_items_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create table "saved_search_digests" (
      "user_id" uuid not null,
      "last_sent_at" timestamptz not null,
      constraint "saved_search_digests_pkey" primary key ("user_id")
    );`);
    this.addSql(
      `alter table "saved_search_digests" add constraint "saved_search_digests_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "saved_search_digests";`);
    this.addSql(`drop table if exists "saved_search_digest_items";`);
    this.addSql(`drop table if exists "saved_searches";`);
  }
}
