/**
 * Build-time Module Federation settings shared by the shell (root rsbuild.config.ts) and the
 * four remotes (apps/<name>/rsbuild.config.ts): one list of shared singletons, one port table.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { RAC_SHARED_EXPORTS } from './shared-exports.ts';

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
 * Shared as singletons: one React (and react-dom/client through the 'react-dom/' key), one jotai
 * (one default store), one react-aria-components (one RouterProvider context across remotes).
 * react-aria-components is tree-shaken to the same export list in every build (see shared-exports.ts).
 */
export function sharedFor(env: string) {
  const rac = singleton('react-aria-components');
  return {
    react: singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    jotai: singleton('jotai'),
    // Tree-shaking only in production builds: in dev its fallback build breaks React Refresh.
    'react-aria-components':
      env === 'production'
        ? { ...rac, treeShaking: { mode: 'runtime-infer' as const, usedExports: [...RAC_SHARED_EXPORTS] } }
        : rac,
  };
}

/** Dev servers of the remotes accept the shell's dev origin (and any other localhost port). */
const devCors = { origin: [/^http:\/\/localhost(:\d+)?$/, /^http:\/\/127\.0\.0\.1(:\d+)?$/] };

/** The whole build of one remote: apps/<name>/src/App.tsx exposed as '<name>/App'. */
export function createRemoteConfig(name: RemoteName, title: string) {
  const root = path.join(REPO_ROOT, 'apps', name);
  return defineConfig(
    ({ env }): RsbuildConfig => ({
      root,
      source: { entry: { index: './src/index.tsx' } },
      html: { title: `BuildBid ${title} (remote)` },
      output: {
        // Without 'auto' the manifest says publicPath "/" and the shell would look for this
        // remote's chunks on its own origin.
        assetPrefix: 'auto',
        distPath: { root: 'dist' },
        cleanDistPath: true,
      },
      server: { port: PORTS[name], strictPort: true, cors: devCors },
      performance: { chunkSplit: { strategy: 'split-by-experience' } },
      plugins: [
        pluginReact(),
        pluginModuleFederation({
          name,
          filename: 'remoteEntry.js',
          exposes: { './App': './src/App.tsx' },
          shared: sharedFor(env),
          dts: false,
        }),
      ],
    }),
  );
}
