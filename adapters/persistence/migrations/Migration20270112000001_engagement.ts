import { Migration } from '@mikro-orm/migrations';

/**
 * Views and saves (decision 0120): one row per counted view (viewer, project, local day) and per saved
 * project, and the projects' denormalised view_count / save_count that list and detail reads select
 * with the row. Deleting a project or a user removes their views and saves.
 */
export class Migration20270112000001_engagement extends Migration {
  override name = 'Migration20270112000001_engagement';

  override up(): void {
    this.addSql(
      `alter table "projects" add "view_count" int not null default 0, add "save_count" int not null default 0;`,
    );
    this.addSql(`create table "project_views" (
      "project_id" uuid not null,
      "viewer_key" varchar(100) not null,
      "day" date not null,
      primary key ("project_id", "viewer_key", "day")
    );`);
    this.addSql(
      `alter table "project_views" add constraint "project_views_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create table "saved_projects" (
      "user_id" uuid not null,
      "project_id" uuid not null,
      "created_at" timestamptz not null,
      primary key ("user_id", "project_id")
    );`);
    this.addSql(
      `create index "saved_projects_user_id_created_at_index" on "saved_projects" ("user_id", "created_at");`,
    );
    this.addSql(
      `alter table "saved_projects" add constraint "saved_projects_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "saved_projects" add constraint "saved_projects_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "saved_projects";`);
    this.addSql(`drop table if exists "project_views";`);
    this.addSql(`alter table "projects" drop column "view_count", drop column "save_count";`);
  }
}
