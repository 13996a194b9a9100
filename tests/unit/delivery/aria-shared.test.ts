import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ARIA_MODULE,
  ARIA_SHARE_VERSION,
  ariaList,
  frontendSources,
  REMOTE_NAMES,
  reactAriaImports,
  sharedFor,
} from '#packages/federation/index.ts';

const APPS = ['shell', ...REMOTE_NAMES] as const;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('the shared react-aria-components list (decision 0184)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists every component a frontend imports, so every build shares it', () => {
    const list = ariaList();
    const missing = APPS.flatMap((app) => reactAriaImports(frontendSources(app))).filter(
      (i) => !list.has(i.name),
    );
    expect(missing, 'add these to packages/federation/aria.ts and raise ARIA_SHARE_VERSION').toEqual([]);
  });

  it('no frontend imports a component through a deep path, which would bypass the shared copy', () => {
    const deep = APPS.flatMap((app) => frontendSources(app))
      .flatMap((dir) => walk(dir))
      .filter((file) => /from 'react-aria-components\//.test(readFileSync(file, 'utf8')));
    expect(deep).toEqual([]);
  });

  it('is shared as the list, by version, not as a singleton of the whole library', () => {
    const aria = sharedFor('production', frontendSources('bids'))['react-aria-components'];
    expect(aria).toEqual({
      import: ARIA_MODULE,
      version: ARIA_SHARE_VERSION,
      requiredVersion: `^${ARIA_SHARE_VERSION}`,
      singleton: false,
    });
  });

  it('a build that uses a component the list lacks bundles its own copy instead of sharing one without it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aria-'));
    try {
      mkdirSync(join(dir, 'src'));
      writeFileSync(
        join(dir, 'src', 'New.tsx'),
        "import { Button, ToggleButton } from 'react-aria-components';\nexport const x = [Button, ToggleButton];\n",
      );
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const shared = sharedFor('production', [join(dir, 'src')]);
      expect(shared).not.toHaveProperty('react-aria-components');
      expect(shared).toHaveProperty('react');
      expect(String(warn.mock.calls[0]?.[0])).toContain('ToggleButton');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
