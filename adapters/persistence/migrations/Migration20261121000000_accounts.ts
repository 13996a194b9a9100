import { Migration } from '@mikro-orm/migrations';

/** Accounts: the `users` table and the server-side `session` table (spec section 3). */
export class Migration20261121000000_accounts extends Migration {
  override name = 'Migration20261121000000_accounts';

  override up(): void {
    this.addSql(`create table "users" (
      "id" uuid not null,
      "email" varchar(254) not null,
      "password_hash" text not null,
      "first_name" varchar(100) null,
      "last_name" varchar(100) null,
      "profile_image_url" text null,
      "role" varchar(20) not null,
      "country" varchar(2) not null,
      "subscription_tier" varchar(20) not null,
      "stripe_customer_id" varchar(255) null,
      "stripe_subscription_id" varchar(255) null,
      "rating" numeric(3,2) not null default 0,
      "review_count" int not null default 0,
      "email_notifications" boolean not null default true,
      "services" jsonb not null default '[]'::jsonb,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "users_pkey" primary key ("id")
    );`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`create index "users_role_created_at_index" on "users" ("role", "created_at");`);

    this.addSql(`create table "session" (
      "sid" varchar(255) not null,
      "sess" jsonb not null,
      "expire" timestamptz not null,
      constraint "session_pkey" primary key ("sid")
    );`);
    this.addSql(`create index "session_expire_index" on "session" ("expire");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "session";`);
    this.addSql(`drop table if exists "users";`);
  }
}
