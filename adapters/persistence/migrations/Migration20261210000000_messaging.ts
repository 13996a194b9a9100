import { Migration } from '@mikro-orm/migrations';

/**
 * Messaging and mail: the email outbox (mails queued after commit, sent by a background worker with
 * retries), and on messages the time a reminder mail covered an unread message.
 */
export class Migration20261210000000_messaging extends Migration {
  override name = 'Migration20261210000000_messaging';

  override up(): void {
    this.addSql(`alter table "messages" add column "email_notified_at" timestamptz null;`);
    this.addSql(
      `create index "messages_receiver_id_is_read_index" on "messages" ("receiver_id", "is_read");`,
    );
    this.addSql(
      `create index "messages_is_read_email_notified_at_created_at_index" on "messages" ("is_read", "email_notified_at", "created_at");`,
    );

    this.addSql(`create table "email_outbox" (
      "id" uuid not null,
      "user_id" uuid null,
      "recipient" varchar(254) not null,
      "subject" text not null,
      "text_body" text not null,
      "html_body" text not null,
      "headers" jsonb not null default '{}'::jsonb,
      "dedupe_key" varchar(255) null,
      "attempts" int not null default 0,
      "next_attempt_at" timestamptz not null,
      "last_error" text null,
      "sent_at" timestamptz null,
      "created_at" timestamptz not null,
      constraint "email_outbox_pkey" primary key ("id")
    );`);
    this.addSql(
      `alter table "email_outbox" add constraint "email_outbox_dedupe_key_unique" unique ("dedupe_key");`,
    );
    this.addSql(
      `create index "email_outbox_sent_at_next_attempt_at_index" on "email_outbox" ("sent_at", "next_attempt_at");`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "email_outbox" cascade;`);
    this.addSql(`drop index if exists "messages_is_read_email_notified_at_created_at_index";`);
    this.addSql(`drop index if exists "messages_receiver_id_is_read_index";`);
    this.addSql(`alter table "messages" drop column if exists "email_notified_at";`);
  }
}
