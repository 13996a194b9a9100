import { CATALOG, type Catalog } from '../../domain/catalog/catalog.ts';

/** The catalogues, read-only (deeply frozen): one source for the server and the frontends. */
export class GetCatalog {
  execute(): Catalog {
    return CATALOG;
  }
}
