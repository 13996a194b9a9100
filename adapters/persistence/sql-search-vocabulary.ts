import type { EntityManager } from '@mikro-orm/core';
import type { SearchVocabulary } from '../../application/projects/ports.ts';
import { runSql } from './sql.ts';

/** The most words one "Did you mean" looks up: a search longer than this is left as it is. */
const MAX_WORDS = 10;

/**
 * SearchVocabulary on `search_vocabulary` (decision 0214, Migration20270315000001_word_search), which
 * PostgreSQL's triggers keep as projects are posted and edited. The nearest word is the one with the most
 * trigrams in common (pg_trgm's `similarity`), among those above pg_trgm's threshold (0.3) that its `%`
 * operator finds through the trigram index; ties go to the shorter word, then the alphabet.
 */
export class SqlSearchVocabulary implements SearchVocabulary {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async nearest(words: readonly string[]): Promise<Map<string, string>> {
    const asked = words.slice(0, MAX_WORDS);
    if (asked.length === 0 || words.length > MAX_WORDS) return new Map();
    const rows = await runSql<{ word: string; nearest: string | null }>(
      this.#em,
      `select q.word, (
          select v.word from search_vocabulary v where v.word % q.word
          order by similarity(v.word, q.word) desc, length(v.word), v.word limit 1
        ) as nearest
        from unnest(array[${asked.map(() => '?::text').join(', ')}]) as q(word)`,
      asked,
    );
    const found = new Map<string, string>();
    for (const row of rows) if (row.nearest !== null) found.set(row.word, row.nearest);
    return found;
  }
}
