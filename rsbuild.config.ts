/**
 * The shell (Module Federation host 'shell'): source apps/shell/src, output apps/shell/dist,
 * served at '/'. It is built with no remotes: at start it fetches /remotes.json and registers
 * them at runtime, so a remote is redeployed without rebuilding the shell.
 *
 *   npx rsbuild build          build the shell into apps/shell/dist
 *   npx rsbuild dev            dev server on :3010 (proxies the API on :3000, serves a dev remotes.json)
 */
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type HtmlTagDescriptor } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import {
  frontendSources,
  modeFor,
  PORTS,
  REMOTE_NAMES,
  REPO_ROOT,
  sharedFor,
  WORKSPACE_ALIASES,
} from './packages/federation/index.ts';

const API = `http://localhost:${PORTS.api}`;

/** In dev the remotes come from their own dev servers. */
const devRemotes = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, `http://localhost:${PORTS[name]}/mf-manifest.json`]),
);

/** Applies the stored theme before the first paint (key 'vite-ui-theme': system, light or dark). */
const themeScript = `(function(){try{var t=localStorage.getItem('vite-ui-theme');if(t!=='light'&&t!=='dark'){t=window.matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}document.documentElement.classList.add(t)}catch(e){}})();`;

/**
 * Dev only: every bundle carries its own React Refresh runtime. A hook that exists before any of
 * them lets all of them attach to the one shared react-dom, so remotes hot-reload inside the shell.
 */
const devToolsHookScript = `if(!window.__REACT_DEVTOOLS_GLOBAL_HOOK__){var r=new Map();window.__REACT_DEVTOOLS_GLOBAL_HOOK__={renderers:r,supportsFiber:true,inject:function(x){var id=r.size+1;r.set(id,x);return id},onScheduleFiberRoot:function(){},onCommitFiberRoot:function(){},onCommitFiberUnmount:function(){},onPostCommitFiberRoot:function(){},checkDCE:function(){}}}`;

export default defineConfig(({ command }) => {
  const env = modeFor(command);
  const tags: HtmlTagDescriptor[] = [{ tag: 'script', children: themeScript, head: true, append: false }];
  if (env === 'development')
    tags.push({ tag: 'script', children: devToolsHookScript, head: true, append: false });

  return {
    mode: env,
    root: REPO_ROOT,
    resolve: { alias: WORKSPACE_ALIASES },
    source: { entry: { index: './apps/shell/src/index.tsx' } },
    html: {
      // The page's language for screen readers and translation (axe: html-has-lang; issue 15).
      template: './apps/shell/index.html',
      // The logo's mark (apps/shell/public/favicon.svg drawn at 16, 32 and 48 px): copied to the dist's
      // root, served at /favicon.ico with `<link rel="icon">`; before, that request got index.html (issue 23).
      favicon: './apps/shell/public/favicon.ico',
      title: 'BuildBid: construction and renovation, bid by bid',
      meta: {
        description:
          'BuildBid connects clients with trusted contractors and vendors across the Bahamas and beyond.',
        // Read by scripts/frontend-release.ts: `npm start --if-missing` rebuilds a development build.
        'buildbid-build-mode': env,
      },
      tags,
    },
    output: {
      // The build goes to dist/.staging; scripts/release-dist.ts makes it the release in dist/.
      distPath: { root: 'apps/shell/dist/.staging' },
      cleanDistPath: true,
      assetPrefix: '/',
    },
    server: {
      port: PORTS.shell,
      strictPort: true,
      historyApiFallback: true,
      proxy: {
        '/api': { target: API },
        '/ws': { target: API, ws: true },
        '/uploads': { target: API },
        '/docs': { target: API },
        '/openapi.json': { target: API },
      },
      setup: ({ action, server }) => {
        if (action !== 'dev') return;
        server.middlewares.use((req, res, next) => {
          if (req.url?.split('?')[0] !== '/remotes.json') return next();
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(JSON.stringify(devRemotes));
        });
      },
    },
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name: 'shell',
        remotes: {},
        shared: sharedFor(env, frontendSources('shell')),
        dts: false,
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
    ],
  };
});
