import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The layer rule must be true, not just configured: `.dependency-cruiser.cjs` is run on a small
 * scratch repository whose files break each rule once, and every break must be reported.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const ROOT_IMPORTS = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).imports;
const scratch = mkdtempSync(join(tmpdir(), 'buildbid-layers-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(dirname(join(scratch, file)), { recursive: true });
  writeFileSync(join(scratch, file), text);
}

function cruise(...paths: string[]): string {
  const result = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'),
      ...paths,
      '--config',
      join(root, '.dependency-cruiser.cjs'),
    ],
    { cwd: scratch, encoding: 'utf8' },
  );
  return `${result.stdout}${result.stderr}`;
}

symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'));
write(
  'tsconfig.json',
  JSON.stringify({
    compilerOptions: {
      module: 'preserve',
      moduleResolution: 'bundler',
      allowImportingTsExtensions: true,
      noEmit: true,
      paths: { '@buildbid/domain/*': ['./packages/domain/*.ts'] },
    },
  }),
);
// The root package's `#domain/*`-style imports, as in package.json: an alias breaks a rule as a path does.
write('package.json', JSON.stringify({ name: 'scratch', type: 'module', imports: ROOT_IMPORTS }));
write('domain/fine.ts', 'export const fine = 1;\n');
write('domain/aliased.ts', "import { ok } from '#adapters/ok.ts';\nexport const d = ok;\n");
write('application/aliased.ts', "import { api } from '#api/api.ts';\nexport const e = api;\n");
write('apps/api/src/api.ts', "import { fine } from '#domain/fine.ts';\nexport const api = fine;\n");
write('domain/uses-fastify.ts', "import fastify from 'fastify';\nexport const app = fastify;\n");
write(
  'application/uses-orm.ts',
  "import { MikroORM } from '@mikro-orm/core';\nexport const orm = MikroORM;\n",
);
write('application/uses-react.ts', "import { useState } from 'react';\nexport const hook = useState;\n");
write('apps/bids/src/x.ts', "import { y } from '../../projects/src/y.ts';\nexport const x = y;\n");
write('apps/projects/src/y.ts', 'export const y = 2;\n');
write('packages/ui/src/z.ts', "import { y } from '../../../apps/projects/src/y.ts';\nexport const z = y;\n");
write('packages/domain/catalog.ts', "export { fine } from '../../domain/fine.ts';\n");
write('packages/domain/leaky.ts', "export { orm } from '../../application/uses-orm.ts';\n");
write(
  'apps/account/src/by-name.ts',
  "import { fine } from '@buildbid/domain/catalog';\nexport const a = fine;\n",
);
write(
  'apps/account/src/deep.ts',
  "import { fine } from '../../../domain/fine.ts';\nexport const b = fine;\n",
);
write('packages/ui/src/deep.ts', "import { fine } from '../../../domain/fine.ts';\nexport const c = fine;\n");
write(
  'adapters/ok.ts',
  "import fastify from 'fastify';\nimport { fine } from '../domain/fine.ts';\nexport const ok = [fastify, fine];\n",
);

describe('npm run layers', () => {
  const report = cruise('domain', 'application', 'apps', 'packages', 'adapters');

  it('forbids framework, ORM and React imports below adapters/ (node_modules is not excluded)', () => {
    expect(report).toMatch(/domain-is-pure: domain\/uses-fastify\.ts → .*node_modules\/fastify/);
    expect(report).toMatch(/no-frameworks-below-adapters: domain\/uses-fastify\.ts/);
    expect(report).toMatch(/no-frameworks-below-adapters: application\/uses-orm\.ts → .*@mikro-orm/);
    expect(report).toMatch(/no-frameworks-below-adapters: application\/uses-react\.ts → .*react/);
  });

  it('forbids an app importing another app, and a package importing an app', () => {
    expect(report).toContain('apps-are-independent: apps/bids/src/x.ts → apps/projects/src/y.ts');
    expect(report).toContain('packages-do-not-import-apps: packages/ui/src/z.ts → apps/projects/src/y.ts');
  });

  it('lets a frontend reach domain/ only through @buildbid/domain, which re-exports domain/ alone', () => {
    expect(report).toContain('frontends-use-the-domain-package: apps/account/src/deep.ts → domain/fine.ts');
    expect(report).toContain('frontends-use-the-domain-package: packages/ui/src/deep.ts → domain/fine.ts');
    expect(report).toContain(
      'domain-package-only-re-exports: packages/domain/leaky.ts → application/uses-orm.ts',
    );
    expect(report).not.toContain('apps/account/src/by-name.ts');
    expect(report).not.toMatch(/packages\/domain\/catalog\.ts →/);
  });

  it('follows the package imports (#domain/*, #adapters/*, #api/*) to the folders they name', () => {
    expect(report).toContain('domain-is-pure: domain/aliased.ts → adapters/ok.ts');
    expect(report).toContain(
      'application-depends-only-on-domain: application/aliased.ts → apps/api/src/api.ts',
    );
    expect(report).not.toMatch(/apps\/api\/src\/api\.ts →/);
    expect(report).not.toContain('not-to-unresolvable');
  });

  it('lets adapters use frameworks and the domain', () => {
    expect(report).toMatch(/\d+ dependency violations/);
    // adapters/ok.ts breaks no rule (domain/aliased.ts, importing it, does).
    expect(report).not.toMatch(/: adapters\/ok\.ts →/);
    expect(report).not.toMatch(/domain\/fine\.ts →/);
  });
});
