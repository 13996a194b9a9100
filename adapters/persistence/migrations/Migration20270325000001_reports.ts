import { Migration } from '@mikro-orm/migrations';

/**
 * Reports and the moderation queue (issue 27 items 1 and 2, decision 0221):
 * - `reports`: one row per report. `reporter_id` is null for a report BuildBid files itself (the signals of
 *   item 6). One open report per reporter per item: a partial unique index. The queue reads the open reports by
 *   item (a partial index on the open ones). A reporter's row going takes their reports with it; an author's or
 *   deciding admin's going clears the column.
 * - `moderation_claims`: an admin's claim on an item, one per item (the primary key), so two admins never act on
 *   one item.
 * - `hidden_content`: the items a decision hid, one per item; every read path of that content consults it.
 * - `moderation_actions`: the moderation log (the admin audit log of decisions), with the ids of the reports each
 *   decision closed.
 */
export class Migration20270325000001_reports extends Migration {
  override name = 'Migration20270325000001_reports';

  override up(): void {
    this.addSql(`create table "reports" (
      "id" uuid not null,
      "reporter_id" uuid null,
      "target_type" varchar(20) not null,
      "target_id" uuid not null,
      "author_id" uuid null,
      "reason" varchar(30) not null,
      "details" text null,
      "status" varchar(10) not null,
      "outcome" varchar(20) null,
      "decided_by" uuid null,
      "decided_at" timestamptz null,
      "created_at" timestamptz not null,
      constraint "reports_pkey" primary key ("id")
    );`);
    this.addSql(
      `create unique index "reports_one_open_per_reporter" on "reports" ("reporter_id", "target_type", "target_id") where "status" = 'open' and "reporter_id" is not null;`,
    );
    this.addSql(
      `create index "reports_open_by_target_index" on "reports" ("target_type", "target_id", "created_at") where "status" = 'open';`,
    );
    this.addSql(`create index "reports_author_id_index" on "reports" ("author_id");`);
    this.addSql(`create index "reports_decided_by_index" on "reports" ("decided_by");`);
    this.addSql(
      `alter table "reports" add constraint "reports_reporter_id_foreign" foreign key ("reporter_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "reports" add constraint "reports_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "reports" add constraint "reports_decided_by_foreign" foreign key ("decided_by") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(`create table "moderation_claims" (
      "target_type" varchar(20) not null,
      "target_id" uuid not null,
      "admin_id" uuid not null,
      "claimed_at" timestamptz not null,
      constraint "moderation_claims_pkey" primary key ("target_type", "target_id")
    );`);
    this.addSql(`create index "moderation_claims_admin_id_index" on "moderation_claims" ("admin_id");`);
    this.addSql(
      `alter table "moderation_claims" add constraint "moderation_claims_admin_id_foreign" foreign key ("admin_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`create table "hidden_content" (
      "target_type" varchar(20) not null,
      "target_id" uuid not null,
      "author_id" uuid null,
      "reason" varchar(30) not null,
      "note" text null,
      "hidden_by" uuid null,
      "hidden_at" timestamptz not null,
      constraint "hidden_content_pkey" primary key ("target_type", "target_id")
    );`);
    this.addSql(`create index "hidden_content_author_id_index" on "hidden_content" ("author_id");`);
    this.addSql(`create index "hidden_content_hidden_by_index" on "hidden_content" ("hidden_by");`);
    this.addSql(
      `alter table "hidden_content" add constraint "hidden_content_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "hidden_content" add constraint "hidden_content_hidden_by_foreign" foreign key ("hidden_by") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(`create table "moderation_actions" (
      "id" uuid not null,
      "admin_id" uuid null,
      "action" varchar(20) not null,
      "target_type" varchar(20) not null,
      "target_id" uuid not null,
      "subject_id" uuid null,
      "reason" varchar(30) null,
      "note" text null,
      "report_ids" jsonb not null default '[]'::jsonb,
      "created_at" timestamptz not null,
      constraint "moderation_actions_pkey" primary key ("id")
    );`);
    this.addSql(`create index "moderation_actions_created_at_index" on "moderation_actions" ("created_at");`);
    this.addSql(`create index "moderation_actions_admin_id_index" on "moderation_actions" ("admin_id");`);
    this.addSql(`create index "moderation_actions_subject_id_index" on "moderation_actions" ("subject_id");`);
    this.addSql(
      `alter table "moderation_actions" add constraint "moderation_actions_admin_id_foreign" foreign key ("admin_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "moderation_actions" add constraint "moderation_actions_subject_id_foreign" foreign key ("subject_id") references "users" ("id") on update cascade on delete set null;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "moderation_actions";`);
    this.addSql(`drop table if exists "hidden_content";`);
    this.addSql(`drop table if exists "moderation_claims";`);
    this.addSql(`drop table if exists "reports";`);
  }
}
