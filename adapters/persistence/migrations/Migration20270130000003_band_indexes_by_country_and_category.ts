import { Migration } from '@mikro-orm/migrations';

const BANDS = [
  ['low', '"budget_max" <= 5000'],
  ['mid', '"budget_min" >= 5000 and "budget_max" <= 25000'],
  ['high', '"budget_min" >= 25000'],
] as const;

const LEADS = [
  ['country', '"country"'],
  ['category', '"category"'],
  ['country_category', '"country", "category"'],
] as const;

/**
 * Newest-first indexes per budget band within a country, a category, and both (decision 0113):
 * (country, created_at, id), (category, ...) and (country, category, ...), each partial on the band's
 * condition exactly as projectFilterSql writes it. A browse with a band and those filters, the most common
 * mixes on the browse screen, then walks only its own projects, newest first; a search with them reads its
 * newest candidates there before it touches the trigram index.
 */
export class Migration20270130000003_band_indexes_by_country_and_category extends Migration {
  override name = 'Migration20270130000003_band_indexes_by_country_and_category';

  override up(): void {
    for (const [band, condition] of BANDS) {
      for (const [lead, columns] of LEADS) {
        this.addSql(
          `create index "projects_${lead}_budget_${band}_created_at_id_index" on "projects" (${columns}, "created_at", "id") where ${condition};`,
        );
      }
    }
  }

  override down(): void {
    for (const [band] of BANDS) {
      for (const [lead] of LEADS)
        this.addSql(`drop index if exists "projects_${lead}_budget_${band}_created_at_id_index";`);
    }
  }
}
