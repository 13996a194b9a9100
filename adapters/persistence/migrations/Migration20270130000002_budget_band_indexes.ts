import { Migration } from '@mikro-orm/migrations';

/**
 * A newest-first index per budget band (decision 0112), each partial on its band's condition
 * exactly as projectFilterSql writes it (the thresholds of domain/project/browse.ts: $5,000 and $25,000).
 * A browse with a budget band then walks only the projects of that band, newest first, instead of walking
 * every project and dropping the others (a band holds 20-40 % of the projects, and most browse requests
 * carry one). Each project sits in at most one of them (both of the first two only at exactly $5,000).
 */
export class Migration20270130000002_budget_band_indexes extends Migration {
  override name = 'Migration20270130000002_budget_band_indexes';

  override up(): void {
    this.addSql(
      `create index "projects_budget_low_created_at_id_index" on "projects" ("created_at", "id") where "budget_max" <= 5000;`,
    );
    this.addSql(
      `create index "projects_budget_mid_created_at_id_index" on "projects" ("created_at", "id") where "budget_min" >= 5000 and "budget_max" <= 25000;`,
    );
    this.addSql(
      `create index "projects_budget_high_created_at_id_index" on "projects" ("created_at", "id") where "budget_min" >= 25000;`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "projects_budget_high_created_at_id_index";`);
    this.addSql(`drop index if exists "projects_budget_mid_created_at_id_index";`);
    this.addSql(`drop index if exists "projects_budget_low_created_at_id_index";`);
  }
}
