import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RAC_SHARED_EXPORTS } from '../shared-exports.ts';

const APPS = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the shared react-aria-components export list', () => {
  it('covers every value imported from react-aria-components by the shell and the remotes', () => {
    const listed = new Set<string>(RAC_SHARED_EXPORTS);
    const missing: string[] = [];
    for (const app of ['shell', 'account', 'projects', 'bids', 'admin']) {
      for (const file of sourceFiles(path.join(APPS, app, 'src'))) {
        const text = readFileSync(file, 'utf8');
        for (const match of text.matchAll(/import\s*{([^}]*)}\s*from\s*'react-aria-components'/g)) {
          for (const raw of (match[1] ?? '').split(',')) {
            const spec = raw.trim();
            if (spec === '' || spec.startsWith('type ')) continue;
            const name = spec.split(/\s+as\s+/)[0]?.trim() ?? '';
            if (!listed.has(name)) missing.push(`${name} (${path.relative(APPS, file)})`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
