import { Migration } from '@mikro-orm/migrations';

/**
 * The transactional outbox of domain events (decision 0142): a change writes its events here in its own
 * transaction; they are delivered after the commit and deleted once delivered. A row left behind (the
 * process died between the commit and the delivery, or a subscriber failed) is delivered again by the
 * relay once its lease (claimed_until) has run out. docs/decisions/0142-transactional-outbox.md.
 */
export class Migration20270128000001_event_outbox extends Migration {
  override name = 'Migration20270128000001_event_outbox';

  override up(): void {
    this.addSql(`create table "event_outbox" (
      "id" uuid not null,
      "type" varchar(40) not null,
      "payload" jsonb not null,
      "created_at" timestamptz not null,
      "claimed_until" timestamptz null,
      "attempts" int not null default 0,
      "last_error" text null,
      constraint "event_outbox_pkey" primary key ("id")
    );`);
    this.addSql(`create index "event_outbox_created_at_index" on "event_outbox" ("created_at");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "event_outbox";`);
  }
}
