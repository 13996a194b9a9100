import { Migration } from '@mikro-orm/migrations';

/** Addenda to projects (decision 0130): the owner's published changes while the project takes bids. */
export class Migration20270113000001_addenda extends Migration {
  override name = 'Migration20270113000001_addenda';

  override up(): void {
    this.addSql(`create table "project_addenda" (
      "id" uuid not null,
      "project_id" uuid not null,
      "text" text not null,
      "attachments" jsonb not null default '[]'::jsonb,
      "created_at" timestamptz not null,
      constraint "project_addenda_pkey" primary key ("id")
    );`);
    this.addSql(
      `alter table "project_addenda" add constraint "project_addenda_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create index "project_addenda_project_id_created_at_index" on "project_addenda" ("project_id", "created_at");`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "project_addenda";`);
  }
}
