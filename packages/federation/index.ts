/**
 * Build-time Module Federation settings shared by the shell (root rsbuild.config.ts) and the
 * four remotes (apps/<name>/rsbuild.config.ts): one list of shared singletons, one port table.
 * A versioned workspace package (@buildbid/federation), so no remote imports the shell's source.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const REMOTE_NAMES = ['account', 'projects', 'bids', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Dev-server ports; the API listens on 3000. */
export const PORTS = {
  api: 3000,
  shell: 3010,
  account: 3011,
  projects: 3012,
  bids: 3013,
  admin: 3014,
} as const;

const rootPackage = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

function versionOf(name: string): string {
  const range = rootPackage.dependencies[name];
  if (!range) throw new Error(`${name} is not a dependency of the root package.json`);
  return range;
}

const singleton = (pkg: string) => ({ singleton: true, requiredVersion: versionOf(pkg) });

/**
 * The version of the shared react-aria-components list (aria.ts): a minor for each component added,
 * a major for one removed. A consumer accepts any provider with the same major and at least its minor.
 */
export const ARIA_SHARE_VERSION = '1.0.0';

/** The module provided under the share key 'react-aria-components': the listed components only. */
export const ARIA_MODULE = path.join(REPO_ROOT, 'packages/federation/aria.ts');

/** The components aria.ts lists. */
export function ariaList(): Set<string> {
  const source = readFileSync(ARIA_MODULE, 'utf8');
  const block = /export \{([^}]*)\} from 'react-aria-components\/index'/.exec(source)?.[1] ?? '';
  return new Set(
    block
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

function sourceFiles(dir: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name.startsWith('dist') ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every value a build imports from 'react-aria-components' (its sources and @buildbid/ui's), with the file. */
export function reactAriaImports(dirs: readonly string[]): Array<{ name: string; file: string }> {
  const found: Array<{ name: string; file: string }> = [];
  for (const file of dirs.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-aria-components'/g)) {
      if (m[1]) continue;
      for (const part of (m[2] ?? '').split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0] ?? '';
        if (name && !name.startsWith('type ')) found.push({ name, file: path.relative(REPO_ROOT, file) });
      }
    }
  }
  return found;
}

/** The source folders one frontend's build reads its react-aria-components imports from. */
export function frontendSources(app: 'shell' | RemoteName): string[] {
  return [path.join(REPO_ROOT, 'apps', app, 'src'), path.join(REPO_ROOT, 'packages/ui/src')];
}

/**
 * Shared as singletons: one React (and react-dom/client through the 'react-dom/' key) and one jotai
 * (one default store). react-aria-components is shared as the list of components the frontends use
 * (aria.ts, decision 0184), not whole: a page downloads those once instead of the whole library. It is
 * not a singleton: a remote built with a longer list than the shell's loads its own copy rather than
 * a copy without the component it needs (decision 0103's crash). Two copies then keep separate
 * contexts, so each remote provides its own RouterProvider (`RemoteRouter` in @buildbid/ui).
 *
 * `sources`: the build's source folders. A build that imports a component the list lacks does not share
 * react-aria-components at all: it bundles its own copy (and says so), so a remote team can start using
 * any component by changing only its remote, at the cost of that copy until the list has it.
 */
export function sharedFor(_env?: string, sources: readonly string[] = []) {
  const list = ariaList();
  const extra = [...new Set(reactAriaImports(sources).map((i) => i.name))].filter((n) => !list.has(n));
  if (extra.length > 0)
    console.warn(
      `[federation] ${extra.join(', ')} not in packages/federation/aria.ts: this build bundles its own ` +
        'react-aria-components instead of sharing it (decision 0184). Add them there and raise the minor of ARIA_SHARE_VERSION to share them.',
    );
  return {
    react: singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    jotai: singleton('jotai'),
    ...(extra.length > 0
      ? {}
      : {
          'react-aria-components': {
            import: ARIA_MODULE,
            version: ARIA_SHARE_VERSION,
            requiredVersion: `^${ARIA_SHARE_VERSION}`,
            singleton: false,
          },
        }),
  };
}

/** Dev servers of the remotes accept the shell's dev origin (and any other localhost port). */
const devCors = { origin: [/^http:\/\/localhost(:\d+)?$/, /^http:\/\/127\.0\.0\.1(:\d+)?$/] };

/** The modules @buildbid/domain exports (its package.json's exports map), each resolved by name. */
function domainAliases(): Record<string, string> {
  const dir = path.join(REPO_ROOT, 'packages/domain');
  const { exports } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  return Object.fromEntries(
    Object.entries(exports).map(([subpath, file]) => [
      `@buildbid/domain/${subpath.slice(2)}$`,
      path.join(dir, file),
    ]),
  );
}

/**
 * The workspace packages every frontend imports by name. Resolved by these aliases as well as by
 * node_modules, so a checkout whose node_modules predates a package still builds.
 */
export const WORKSPACE_ALIASES: Record<string, string> = {
  '@buildbid/api-client$': path.join(REPO_ROOT, 'openapi/src/index.ts'),
  ...domainAliases(),
  '@buildbid/ui$': path.join(REPO_ROOT, 'packages/ui/src/index.ts'),
  '@buildbid/ui/shared.css$': path.join(REPO_ROOT, 'packages/ui/src/shared.css'),
};

/**
 * `rsbuild build` always makes a production build and `rsbuild dev` a development one, whatever
 * NODE_ENV says: a development build's manifest points at the dev server (decision 0104).
 */
export function modeFor(command: string): 'production' | 'development' {
  return command === 'dev' ? 'development' : 'production';
}

/** What a remote exposes besides './App' (e.g. the bids remote's bid dialog). */
export type Exposes = Record<string, string>;

/**
 * The whole build of one remote: apps/<name>/src/App.tsx exposed as '<name>/App', plus `exposes`.
 * Its dist/ is a self-contained static folder (docs/remote-teams.md).
 */
export function createRemoteConfig(name: RemoteName, title: string, exposes: Exposes = {}) {
  const root = path.join(REPO_ROOT, 'apps', name);
  return defineConfig(
    ({ command }): RsbuildConfig => ({
      mode: modeFor(command),
      root,
      source: { entry: { index: './src/index.tsx' } },
      resolve: { alias: WORKSPACE_ALIASES },
      html: { title: `BuildBid ${title} (remote)` },
      output: {
        // Without 'auto' the manifest says publicPath "/" and the shell would look for this
        // remote's chunks on its own origin.
        assetPrefix: 'auto',
        // The build goes to dist/.staging; scripts/release-dist.ts makes it the release in dist/.
        distPath: { root: 'dist/.staging' },
        cleanDistPath: true,
      },
      server: { port: PORTS[name], strictPort: true, cors: devCors },
      performance: { chunkSplit: { strategy: 'split-by-experience' } },
      plugins: [
        pluginReact(),
        pluginModuleFederation({
          name,
          filename: 'remoteEntry.js',
          exposes: { './App': './src/App.tsx', ...exposes },
          shared: sharedFor(modeFor(command), frontendSources(name)),
          dts: false,
          experiments: { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
        }),
      ],
    }),
  );
}
