import { Migration } from '@mikro-orm/migrations';

/**
 * A newest-first index per budget band within a country (issue 11, decision 0113): (country, created_at, id),
 * partial on the band's condition exactly as projectFilterSql writes it. A browse with a country and a band,
 * the most common mix, then walks only those projects, newest first; a search with both reads its newest
 * candidates there before it touches the trigram index.
 */
export class Migration20270130000003_country_budget_band_indexes extends Migration {
  override name = 'Migration20270130000003_country_budget_band_indexes';

  override up(): void {
    this.addSql(
      `create index "projects_country_budget_low_created_at_id_index" on "projects" ("country", "created_at", "id") where "budget_max" <= 5000;`,
    );
    this.addSql(
      `create index "projects_country_budget_mid_created_at_id_index" on "projects" ("country", "created_at", "id") where "budget_min" >= 5000 and "budget_max" <= 25000;`,
    );
    this.addSql(
      `create index "projects_country_budget_high_created_at_id_index" on "projects" ("country", "created_at", "id") where "budget_min" >= 25000;`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "projects_country_budget_high_created_at_id_index";`);
    this.addSql(`drop index if exists "projects_country_budget_mid_created_at_id_index";`);
    this.addSql(`drop index if exists "projects_country_budget_low_created_at_id_index";`);
  }
}
