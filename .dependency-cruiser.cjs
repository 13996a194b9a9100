/**
 * The layer rule (docs/architecture.md), checked by `npm run layers` inside `npm test`:
 * domain/ imports nothing outside itself; application/ only the domain; adapters/ implement
 * application ports (and may not reach into apps/); apps/ compose. Nothing below adapters/
 * imports a framework, ORM, SDK, React, or Node's I/O modules.
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment:
        'domain/ may import only domain/: no application, adapters, apps, npm packages or node: modules',
      severity: 'error',
      from: { path: '^domain/' },
      to: { pathNot: '^domain/' },
    },
    {
      name: 'application-depends-only-on-domain',
      comment:
        'application/ may import only application/ and domain/: ports are interfaces, adapters live outside',
      severity: 'error',
      from: { path: '^application/' },
      to: { pathNot: '^(application|domain)/' },
    },
    {
      name: 'adapters-do-not-compose',
      comment: 'adapters/ implement application ports; they never import apps/ (composition happens there)',
      severity: 'error',
      from: { path: '^adapters/' },
      to: { path: '^apps/' },
    },
    {
      name: 'frontends-stay-out-of-the-backend',
      comment:
        'the browser apps may share pure domain data (catalogues) but never application, adapters or the API',
      severity: 'error',
      from: { path: '^apps/(shell|account|projects|bids|admin)/' },
      to: { path: '^(application|adapters|apps/api)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/|node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    builtInModules: { add: [] },
  },
};
