/**
 * Build-time Module Federation settings shared by the shell (root rsbuild.config.ts) and the
 * four remotes (apps/<name>/rsbuild.config.ts): one list of shared singletons, one port table.
 * A versioned workspace package (@buildbid/federation), so no remote imports the shell's source.
 */
import { readFileSync } from 'node:fs';
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

/**
 * Shared as singletons: one React (and react-dom/client through the 'react-dom/' key) and one jotai
 * (one default store). react-aria-components is shared as the list of components the frontends use
 * (aria.ts, decision 0184), not whole: a page downloads those once instead of the whole library. It is
 * not a singleton: a remote built with a longer list than the shell's loads its own copy rather than
 * a copy without the component it needs (decision 0103's crash). Two copies then keep separate
 * contexts, so each remote provides its own RouterProvider (`RemoteRouter` in @buildbid/ui).
 * `_env` stays for callers' symmetry.
 */
export function sharedFor(_env?: string) {
  return {
    react: singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    jotai: singleton('jotai'),
    'react-aria-components': {
      import: ARIA_MODULE,
      version: ARIA_SHARE_VERSION,
      requiredVersion: `^${ARIA_SHARE_VERSION}`,
      singleton: false,
    },
  };
}

/** Dev servers of the remotes accept the shell's dev origin (and any other localhost port). */
const devCors = { origin: [/^http:\/\/localhost(:\d+)?$/, /^http:\/\/127\.0\.0\.1(:\d+)?$/] };

/**
 * The workspace packages every frontend imports by name. Resolved by these aliases as well as by
 * node_modules, so a checkout whose node_modules predates a package still builds.
 */
export const WORKSPACE_ALIASES = {
  '@buildbid/api-client$': path.join(REPO_ROOT, 'openapi/src/index.ts'),
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
          shared: sharedFor(modeFor(command)),
          dts: false,
        }),
      ],
    }),
  );
}
