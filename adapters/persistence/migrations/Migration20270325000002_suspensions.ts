import { Migration } from '@mikro-orm/migrations';

/**
 * Suspensions (issue 27 item 3, decision 0223) and the admin actions log (decision 0224).
 * - `suspensions`: one row per suspension, kept after it ends or is lifted (the history). A suspension keeps its
 *   user out while `lifted_at is null and (ends_at is null or ends_at > now())`: a run-out one needs no job.
 *   The partial index on `user_id` holds only the rows not lifted, a handful at any time, so the checks on every
 *   sign-in, project page, bid and browse read next to nothing, and browse's `not in` reads it once per query.
 *   The user's row going removes their suspensions; the admins' ids are kept as null once theirs go.
 * - `admin_actions`: what admins did to users beside role changes (a suspension, its lifting; the moderation
 *   queue's actions join it), newest first by `created_at`, with the report the action closed, if any
 *   (`report_id`: no foreign key here, the reports table comes with the moderation queue).
 */
export class Migration20270325000002_suspensions extends Migration {
  override name = 'Migration20270325000002_suspensions';

  override up(): void {
    this.addSql(`create table "suspensions" (
      "id" uuid not null,
      "user_id" uuid not null,
      "suspended_by" uuid null,
      "reason" text not null,
      "starts_at" timestamptz not null,
      "ends_at" timestamptz null,
      "lifted_at" timestamptz null,
      "lifted_by" uuid null,
      "report_id" uuid null,
      constraint "suspensions_pkey" primary key ("id")
    );`);
    this.addSql(
      `create index "suspensions_standing_user_id_index" on "suspensions" ("user_id") where "lifted_at" is null;`,
    );
    this.addSql(
      `alter table "suspensions" add constraint "suspensions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "suspensions" add constraint "suspensions_suspended_by_foreign" foreign key ("suspended_by") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "suspensions" add constraint "suspensions_lifted_by_foreign" foreign key ("lifted_by") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(`create table "admin_actions" (
      "id" uuid not null,
      "actor_id" uuid null,
      "target_id" uuid not null,
      "action" varchar(40) not null,
      "reason" text null,
      "report_id" uuid null,
      "ends_at" timestamptz null,
      "created_at" timestamptz not null,
      constraint "admin_actions_pkey" primary key ("id")
    );`);
    this.addSql(`create index "admin_actions_created_at_index" on "admin_actions" ("created_at");`);
    this.addSql(
      `alter table "admin_actions" add constraint "admin_actions_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "admin_actions" add constraint "admin_actions_target_id_foreign" foreign key ("target_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "admin_actions";`);
    this.addSql(`drop table if exists "suspensions";`);
  }
}
