import { Migration } from '@mikro-orm/migrations';

/**
 * Deleted accounts (decisions 0193 and 0194), for the accounts deleted before this release:
 * - their pending bids become 'withdrawn' (the deletion now withdraws them; an owner could still accept
 *   them). Their owners are not told now: the bids show 'Withdrawn' without Accept or Decline;
 * - every mail to them goes, sent or not (the deletion now removes them at once);
 * - email_outbox gets indexes by user and by address, which that removal reads.
 */
export class Migration20270202000194_deleted_accounts extends Migration {
  override name = 'Migration20270202000194_deleted_accounts';

  override up(): void {
    this.addSql(
      `update "bids" set "status" = 'withdrawn', "updated_at" = now()
        where "status" = 'pending'
          and "contractor_id" in (select "id" from "users" where "deleted_at" is not null);`,
    );
    this.addSql(
      `delete from "email_outbox" where "user_id" in (select "id" from "users" where "deleted_at" is not null);`,
    );
    this.addSql(`create index "email_outbox_user_id_index" on "email_outbox" ("user_id");`);
    this.addSql(`create index "email_outbox_recipient_index" on "email_outbox" ("recipient");`);
  }

  override down(): void {
    this.addSql(`drop index if exists "email_outbox_recipient_index";`);
    this.addSql(`drop index if exists "email_outbox_user_id_index";`);
    this.addSql(`update "bids" set "status" = 'pending' where "status" = 'withdrawn';`);
  }
}
