import { Migration } from '@mikro-orm/migrations';

/** Project questions (RFIs) and the owner's clarifications (decision 0131). */
export class Migration20270113000002_questions extends Migration {
  override name = 'Migration20270113000002_questions';

  override up(): void {
    this.addSql(`create table "project_questions" (
      "id" uuid not null,
      "project_id" uuid not null,
      "kind" varchar(20) not null,
      "asker_id" uuid null,
      "question" text null,
      "answer" text null,
      "show_asker" boolean not null default false,
      "hidden" boolean not null default false,
      "created_at" timestamptz not null,
      "answered_at" timestamptz null,
      constraint "project_questions_pkey" primary key ("id")
    );`);
    this.addSql(
      `alter table "project_questions" add constraint "project_questions_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "project_questions" add constraint "project_questions_asker_id_foreign" foreign key ("asker_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `create index "project_questions_project_id_created_at_index" on "project_questions" ("project_id", "created_at");`,
    );
    this.addSql(
      `create index "project_questions_asker_id_created_at_index" on "project_questions" ("asker_id", "created_at");`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "project_questions";`);
  }
}
