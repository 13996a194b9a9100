import { Migration } from '@mikro-orm/migrations';

/**
 * Browse and search at a million projects (docs/decisions/0110-one-statement-browse.md):
 * - pg_trgm and a GIN trigram index on the text a search reads (title, a space, description), so a
 *   word found anywhere inside a word ('itche' in 'Kitchen', 'roof' in 'waterproofing') is found
 *   through the index. The list query's ILIKE is written on exactly this expression.
 * - Newest-first indexes for the filter combinations the browse and dashboard screens send
 *   (country with category, country with status), so a page is the first rows of one index scan.
 */
export class Migration20270111000001_browse_speed extends Migration {
  override name = 'Migration20270111000001_browse_speed';

  override up(): void {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(
      `create index "projects_search_text_trgm_index" on "projects" using gin ((("title")::text || ' ' || "description") gin_trgm_ops);`,
    );
    this.addSql(
      `create index "projects_country_category_created_at_id_index" on "projects" ("country", "category", "created_at", "id");`,
    );
    this.addSql(
      `create index "projects_country_status_created_at_id_index" on "projects" ("country", "status", "created_at", "id");`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "projects_country_status_created_at_id_index";`);
    this.addSql(`drop index if exists "projects_country_category_created_at_id_index";`);
    this.addSql(`drop index if exists "projects_search_text_trgm_index";`);
  }
}
