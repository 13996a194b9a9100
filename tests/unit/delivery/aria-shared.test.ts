import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARIA_MODULE, ARIA_SHARE_VERSION, REPO_ROOT, sharedFor } from '../../../packages/federation/index.ts';

/** The components packages/federation/aria.ts provides under the share key 'react-aria-components'. */
function listed(): Set<string> {
  const source = readFileSync(ARIA_MODULE, 'utf8');
  const block = /export \{([^}]*)\} from 'react-aria-components\/index'/.exec(source)?.[1] ?? '';
  return new Set(
    block
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every value imported from 'react-aria-components' by the frontends' sources, with the file. */
function imported(): Array<{ name: string; file: string }> {
  const dirs = ['shell', 'account', 'projects', 'bids', 'admin'].map((app) =>
    join(REPO_ROOT, 'apps', app, 'src'),
  );
  dirs.push(join(REPO_ROOT, 'packages/ui/src'));
  const found: Array<{ name: string; file: string }> = [];
  for (const file of dirs.flatMap(sources)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-aria-components'/g)) {
      if (m[1]) continue;
      for (const part of (m[2] ?? '').split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0] ?? '';
        if (name && !name.startsWith('type ')) found.push({ name, file: file.slice(REPO_ROOT.length + 1) });
      }
    }
  }
  return found;
}

describe('the shared react-aria-components list (decision 0184)', () => {
  it('lists every component a frontend imports, so no shared copy lacks one', () => {
    const list = listed();
    const missing = imported().filter((i) => !list.has(i.name));
    expect(missing, 'add these to packages/federation/aria.ts and raise ARIA_SHARE_VERSION').toEqual([]);
  });

  it('no frontend imports a component through a deep path, which would bypass the shared copy', () => {
    const deep = ['shell', 'account', 'projects', 'bids', 'admin']
      .flatMap((app) => sources(join(REPO_ROOT, 'apps', app, 'src')))
      .filter((file) => /from 'react-aria-components\//.test(readFileSync(file, 'utf8')));
    expect(deep).toEqual([]);
  });

  it('is shared as the list, by version, not as a singleton of the whole library', () => {
    const aria = sharedFor('production')['react-aria-components'];
    expect(aria).toEqual({
      import: ARIA_MODULE,
      version: ARIA_SHARE_VERSION,
      requiredVersion: `^${ARIA_SHARE_VERSION}`,
      singleton: false,
    });
  });
});
