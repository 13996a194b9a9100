import { Migration } from '@mikro-orm/migrations';

/**
 * Marketplace: projects, bids, reviews, the badge catalogue with user badges and achievements,
 * notifications and messages (projects-and-bids section 3, accounts-and-shell section 3).
 *
 * Money is numeric(10,2) (the API shows '5000.00'); lists are jsonb arrays. `search_vector` is a
 * generated tsvector over title and description ('simple' configuration: every word is kept, unstemmed,
 * so a word prefix typed by the user can always be matched; see docs/decisions/0005-project-list-query.md).
 */
export class Migration20261201000000_marketplace extends Migration {
  override name = 'Migration20261201000000_marketplace';

  override up(): void {
    this.addSql(`create table "projects" (
      "id" uuid not null,
      "title" varchar(255) not null,
      "description" text not null,
      "project_type" varchar(50) null,
      "category" varchar(100) not null,
      "location" varchar(255) null,
      "country" varchar(10) not null,
      "island" varchar(100) null,
      "city" varchar(100) null,
      "budget_min" numeric(10,2) null,
      "budget_max" numeric(10,2) null,
      "status" varchar(20) not null default 'active',
      "client_id" uuid not null,
      "attachments" jsonb not null default '[]'::jsonb,
      "tags" jsonb not null default '[]'::jsonb,
      "services" jsonb not null default '[]'::jsonb,
      "service_phases" jsonb not null default '[]'::jsonb,
      "project_stage" varchar(50) null,
      "contractor_needs" jsonb not null default '[]'::jsonb,
      "phases" jsonb not null default '[]'::jsonb,
      "general_contractor" boolean not null default false,
      "deadline" timestamptz null,
      "bid_deadline" timestamptz null,
      "current_phase" varchar(20) not null default 'planning',
      "phase_start_date" timestamptz not null,
      "accepted_bid_id" uuid null,
      "awarded_contractor_id" uuid null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "search_vector" tsvector generated always as (to_tsvector('simple'::regconfig, (("title")::text || ' '::text) || "description")) stored,
      constraint "projects_pkey" primary key ("id")
    );`);
    this.addSql(
      `alter table "projects" add constraint "projects_client_id_foreign" foreign key ("client_id") references "users" ("id") on update cascade;`,
    );
    this.addSql(
      `alter table "projects" add constraint "projects_awarded_contractor_id_foreign" foreign key ("awarded_contractor_id") references "users" ("id") on update cascade on delete set null;`,
    );
    // Keyset pagination (newest first: these are walked backwards) and the browse filters, each able to
    // walk in that order so a LIMIT stops the scan early.
    this.addSql(`create index "projects_created_at_id_index" on "projects" ("created_at", "id");`);
    this.addSql(
      `create index "projects_status_created_at_id_index" on "projects" ("status", "created_at", "id");`,
    );
    this.addSql(
      `create index "projects_country_created_at_id_index" on "projects" ("country", "created_at", "id");`,
    );
    this.addSql(
      `create index "projects_category_created_at_id_index" on "projects" ("category", "created_at", "id");`,
    );
    this.addSql(
      `create index "projects_client_id_created_at_id_index" on "projects" ("client_id", "created_at", "id");`,
    );
    this.addSql(`create index "projects_search_vector_index" on "projects" using gin ("search_vector");`);

    this.addSql(`create table "bids" (
      "id" uuid not null,
      "project_id" uuid not null,
      "contractor_id" uuid not null,
      "amount" numeric(10,2) not null,
      "timeline" int not null,
      "proposal" text not null,
      "status" varchar(20) not null default 'pending',
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "bids_pkey" primary key ("id")
    );`);
    this.addSql(
      `alter table "bids" add constraint "bids_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade;`,
    );
    this.addSql(
      `alter table "bids" add constraint "bids_contractor_id_foreign" foreign key ("contractor_id") references "users" ("id") on update cascade;`,
    );
    // One bid per contractor per project; also the index for a project's bids.
    this.addSql(
      `alter table "bids" add constraint "bids_project_id_contractor_id_unique" unique ("project_id", "contractor_id");`,
    );
    this.addSql(
      `create index "bids_contractor_id_created_at_index" on "bids" ("contractor_id", "created_at");`,
    );

    this.addSql(`create table "reviews" (
      "id" uuid not null,
      "project_id" uuid null,
      "reviewer_id" uuid not null,
      "reviewee_id" uuid not null,
      "rating" int not null,
      "comment" text null,
      "created_at" timestamptz not null,
      constraint "reviews_pkey" primary key ("id")
    );`);
    this.addSql(
      `alter table "reviews" add constraint "reviews_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "reviews" add constraint "reviews_reviewer_id_foreign" foreign key ("reviewer_id") references "users" ("id") on update cascade;`,
    );
    this.addSql(
      `alter table "reviews" add constraint "reviews_reviewee_id_foreign" foreign key ("reviewee_id") references "users" ("id") on update cascade;`,
    );
    this.addSql(
      `alter table "reviews" add constraint "reviews_project_id_reviewer_id_unique" unique ("project_id", "reviewer_id");`,
    );
    this.addSql(`create index "reviews_reviewee_id_index" on "reviews" ("reviewee_id");`);

    this.addSql(`create table "badges" (
      "id" varchar(50) not null,
      "name" varchar(100) not null,
      "description" text not null,
      "category" varchar(20) not null,
      "tier" varchar(20) not null,
      "icon" varchar(50) not null,
      "points_required" int not null,
      "created_at" timestamptz not null default now(),
      constraint "badges_pkey" primary key ("id")
    );`);
    // The catalogue of domain/achievement (BADGES) as of this migration; seedBadges() keeps it in step.
    this.addSql(`insert into "badges" ("id", "name", "description", "category", "tier", "icon", "points_required") values
      ('quality_bronze', 'Quality Work (Bronze)', 'Earned with 25 quality points from well-rated reviews.', 'quality', 'bronze', 'star', 25),
      ('quality_silver', 'Quality Work (Silver)', 'Earned with 100 quality points from well-rated reviews.', 'quality', 'silver', 'star', 100),
      ('quality_gold', 'Quality Work (Gold)', 'Earned with 250 quality points from well-rated reviews.', 'quality', 'gold', 'star', 250),
      ('quality_platinum', 'Quality Work (Platinum)', 'Earned with 500 quality points from well-rated reviews.', 'quality', 'platinum', 'star', 500),
      ('speed_bronze', 'Fast Response (Bronze)', 'Earned with 25 speed points from quick bids on new projects.', 'speed', 'bronze', 'zap', 25),
      ('speed_silver', 'Fast Response (Silver)', 'Earned with 100 speed points from quick bids on new projects.', 'speed', 'silver', 'zap', 100),
      ('speed_gold', 'Fast Response (Gold)', 'Earned with 250 speed points from quick bids on new projects.', 'speed', 'gold', 'zap', 250),
      ('speed_platinum', 'Fast Response (Platinum)', 'Earned with 500 speed points from quick bids on new projects.', 'speed', 'platinum', 'zap', 500),
      ('reliability_bronze', 'Reliable (Bronze)', 'Earned with 25 reliability points from completed projects and good reviews.', 'reliability', 'bronze', 'shield-check', 25),
      ('reliability_silver', 'Reliable (Silver)', 'Earned with 100 reliability points from completed projects and good reviews.', 'reliability', 'silver', 'shield-check', 100),
      ('reliability_gold', 'Reliable (Gold)', 'Earned with 250 reliability points from completed projects and good reviews.', 'reliability', 'gold', 'shield-check', 250),
      ('reliability_platinum', 'Reliable (Platinum)', 'Earned with 500 reliability points from completed projects and good reviews.', 'reliability', 'platinum', 'shield-check', 500),
      ('experience_bronze', 'Experienced (Bronze)', 'Earned with 25 experience points from completed projects.', 'experience', 'bronze', 'briefcase', 25),
      ('experience_silver', 'Experienced (Silver)', 'Earned with 100 experience points from completed projects.', 'experience', 'silver', 'briefcase', 100),
      ('experience_gold', 'Experienced (Gold)', 'Earned with 250 experience points from completed projects.', 'experience', 'gold', 'briefcase', 250),
      ('experience_platinum', 'Experienced (Platinum)', 'Earned with 500 experience points from completed projects.', 'experience', 'platinum', 'briefcase', 500),
      ('expertise_bronze', 'Expert (Bronze)', 'Earned with 25 expertise points from completed projects in your specialties.', 'expertise', 'bronze', 'award', 25),
      ('expertise_silver', 'Expert (Silver)', 'Earned with 100 expertise points from completed projects in your specialties.', 'expertise', 'silver', 'award', 100),
      ('expertise_gold', 'Expert (Gold)', 'Earned with 250 expertise points from completed projects in your specialties.', 'expertise', 'gold', 'award', 250),
      ('expertise_platinum', 'Expert (Platinum)', 'Earned with 500 expertise points from completed projects in your specialties.', 'expertise', 'platinum', 'award', 500);`);

    this.addSql(`create table "user_badges" (
      "id" uuid not null,
      "user_id" uuid not null,
      "badge_id" varchar(50) not null,
      "earned_at" timestamptz not null,
      constraint "user_badges_pkey" primary key ("id")
    );`);
    this.addSql(
      `alter table "user_badges" add constraint "user_badges_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "user_badges" add constraint "user_badges_badge_id_foreign" foreign key ("badge_id") references "badges" ("id") on update cascade;`,
    );
    this.addSql(
      `alter table "user_badges" add constraint "user_badges_user_id_badge_id_unique" unique ("user_id", "badge_id");`,
    );

    this.addSql(`create table "user_achievements" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null,
      "category" varchar(20) not null,
      "points" int not null default 0,
      "level" int not null default 1,
      "updated_at" timestamptz not null,
      constraint "user_achievements_pkey" primary key ("id")
    );`);
    this.addSql(
      `alter table "user_achievements" add constraint "user_achievements_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "user_achievements" add constraint "user_achievements_user_id_category_unique" unique ("user_id", "category");`,
    );

    this.addSql(`create table "notifications" (
      "id" uuid not null,
      "user_id" uuid not null,
      "type" varchar(30) not null,
      "title" varchar(255) not null,
      "message" text not null,
      "related_entity_id" varchar(255) null,
      "is_read" boolean not null default false,
      "created_at" timestamptz not null,
      constraint "notifications_pkey" primary key ("id")
    );`);
    this.addSql(
      `alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create index "notifications_user_id_created_at_index" on "notifications" ("user_id", "created_at");`,
    );

    this.addSql(`create table "messages" (
      "id" uuid not null,
      "sender_id" uuid not null,
      "receiver_id" uuid not null,
      "project_id" uuid null,
      "type" varchar(20) not null default 'text',
      "content" text not null,
      "attachment" text null,
      "is_read" boolean not null default false,
      "created_at" timestamptz not null,
      constraint "messages_pkey" primary key ("id")
    );`);
    this.addSql(
      `alter table "messages" add constraint "messages_sender_id_foreign" foreign key ("sender_id") references "users" ("id") on update cascade;`,
    );
    this.addSql(
      `alter table "messages" add constraint "messages_receiver_id_foreign" foreign key ("receiver_id") references "users" ("id") on update cascade;`,
    );
    this.addSql(
      `alter table "messages" add constraint "messages_project_id_foreign" foreign key ("project_id") references "projects" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `create index "messages_sender_id_created_at_index" on "messages" ("sender_id", "created_at");`,
    );
    this.addSql(
      `create index "messages_receiver_id_created_at_index" on "messages" ("receiver_id", "created_at");`,
    );
    this.addSql(`create index "messages_project_id_index" on "messages" ("project_id");`);
  }

  override down(): void {
    for (const table of [
      'messages',
      'notifications',
      'user_achievements',
      'user_badges',
      'badges',
      'reviews',
      'bids',
      'projects',
    ]) {
      this.addSql(`drop table if exists "${table}" cascade;`);
    }
  }
}
