/**
 * The layer rule (docs/architecture.md), checked by `npm run layers` inside `npm test`:
 * domain/ imports nothing outside itself; application/ only the domain; adapters/ implement
 * application ports (and may not reach into apps/); apps/ compose. Nothing below adapters/
 * imports a framework, ORM, SDK, React, or Node's I/O modules: node_modules is not excluded, so an
 * import of `fastify` or `@mikro-orm/core` in domain/ fails (tests/unit/architecture/layers.test.ts).
 * The frontends are independent deployables: no app imports another app's source, and the shared
 * workspace packages (packages/, openapi/src) import no app. A frontend reaches domain/ only through
 * @buildbid/domain (packages/domain: catalogues, phase labels and rules, limits, plan constants). tests/ and contracts/ are checked too.
 */
const FRAMEWORKS =
  'node_modules/(fastify|@fastify/|@mikro-orm/|pg/|pg-|stripe/|@stripe/|@aws-sdk/|ioredis/|nodemailer/|sharp/|inversify/|pino/|react/|react-dom/|react-aria-components/|jotai/|openapi-fetch/|@module-federation/|@rsbuild/)';

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
      name: 'no-frameworks-below-adapters',
      comment:
        'domain/ and application/ never import a web framework, ORM, database driver, SDK or React (adapters/ and apps/ do)',
      severity: 'error',
      from: { path: '^(domain|application)/' },
      to: { path: FRAMEWORKS },
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
      comment: 'the browser apps and their packages never import application, adapters or the API',
      severity: 'error',
      from: { path: '^(apps/(shell|account|projects|bids|admin)|packages/(ui|federation|test-kit))/' },
      to: { path: '^(application|adapters|apps/api)/' },
    },
    {
      name: 'frontends-use-the-domain-package',
      comment:
        'the browser apps and their packages reach domain/ only through @buildbid/domain (packages/domain), whose exports map lists what they may use (decision 0204)',
      severity: 'error',
      from: { path: '^(apps/(shell|account|projects|bids|admin)|packages/(ui|federation|test-kit))/' },
      to: { path: '^domain/' },
    },
    {
      name: 'domain-package-only-re-exports',
      comment: '@buildbid/domain (packages/domain) re-exports domain/ and imports nothing else',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { pathNot: '^domain/' },
    },
    {
      name: 'apps-are-independent',
      comment:
        'no app imports another app: shared code lives in a versioned workspace package (packages/*, openapi); remotes meet at run time through federation',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'packages-do-not-import-apps',
      comment:
        'the workspace packages (packages/*, the API client in openapi/) are used by apps, never the other way',
      severity: 'error',
      from: { path: '^(packages|openapi)/' },
      to: { path: '^apps/' },
    },
    {
      name: 'frontend-tests-use-the-test-kit',
      comment: "a frontend's tests use @buildbid/test-kit, not another app's test helpers",
      severity: 'error',
      from: { path: '^(apps|packages)/.*[.]test[.]tsx?$' },
      to: { path: '^apps/[^/]+/src/test/' },
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
    // node_modules is followed no further, but imports of it are checked (not excluded).
    exclude: { path: '(^|/)dist/' },
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
