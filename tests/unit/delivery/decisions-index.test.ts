import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DIR = new URL('../../../docs/decisions/', import.meta.url);
const records = readdirSync(DIR).filter((name) => /^\d{4}-.+\.md$/.test(name));
const index = readFileSync(new URL('README.md', DIR), 'utf8');

describe('docs/decisions/README.md', () => {
  it.each(records)('lists %s with a status', (record) => {
    const row = index.split('\n').find((line) => line.startsWith(`| [${record.slice(0, 4)}](${record})`));
    expect(row).toMatch(/\| (accepted|superseded (in part )?by \[\d{4}\]).*\|$/);
  });

  it('points forward from every record it calls superseded', () => {
    for (const line of index.split('\n').filter((l) => l.includes('| superseded'))) {
      const [, file] = /\]\(([^)]+\.md)\)/.exec(line) ?? [];
      const later = /superseded (?:in part )?by \[(\d{4})\]/.exec(line)?.[1];
      const text = readFileSync(new URL(file as string, DIR), 'utf8');
      expect(text.split('\n').slice(0, 6).join('\n')).toContain(`[${later}](${later}-`);
    }
  });
});
