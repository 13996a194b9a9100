import { Migration } from '@mikro-orm/migrations';

/**
 * Blocking a person (issue 27 item 4, decision 0220): one row per block, keyed by (blocker, blocked), so a
 * block is stored once however often it is asked for. Sending a message and submitting a bid look the pair up
 * both ways (two primary-key reads); the index on `blocked_id` serves the reverse direction's foreign key.
 * Deleting either user's row removes their blocks (accounts are erased, not deleted, so blocks outlive an
 * account deletion until then).
 */
export class Migration20270320000001_blocks extends Migration {
  override name = 'Migration20270320000001_blocks';

  override up(): void {
    this.addSql(`create table "user_blocks" (
      "blocker_id" uuid not null,
      "blocked_id" uuid not null,
      "created_at" timestamptz not null,
      constraint "user_blocks_pkey" primary key ("blocker_id", "blocked_id")
    );`);
    this.addSql(`create index "user_blocks_blocked_id_index" on "user_blocks" ("blocked_id");`);
    this.addSql(
      `alter table "user_blocks" add constraint "user_blocks_blocker_id_foreign" foreign key ("blocker_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "user_blocks" add constraint "user_blocks_blocked_id_foreign" foreign key ("blocked_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "user_blocks";`);
  }
}
