import { Migration } from '@mikro-orm/migrations';

/** The categories of domain/catalog/projects.ts (PROJECT_CATEGORIES), as they were when this ran. */
const CATEGORIES = [
  'Construction',
  'Residential',
  'Commercial',
  'Industrial',
  'Infrastructure',
  'Renovation',
  'Interior',
  'Exterior',
  'Other',
];

/**
 * One spelling per category (decision 0182): the edit form used to save 'residential' while the
 * browse filter matched 'Residential'. Stored categories that differ from a catalogue category only in case
 * or surrounding spaces are rewritten to the catalogue's spelling; other text stays.
 */
export class Migration20270126000002_categories extends Migration {
  override name = 'Migration20270126000002_categories';

  override up(): void {
    for (const category of CATEGORIES) {
      this.addSql(
        `update "projects" set "category" = '${category}' where lower(trim("category")) = '${category.toLowerCase()}' and "category" <> '${category}';`,
      );
    }
  }

  override down(): void {
    // The old spellings are not kept: nothing to undo.
  }
}
