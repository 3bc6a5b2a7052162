// Boundary rules for src/ (docs/architecture.md, docs/decisions/0003-typescript-6-biome-dependency-cruiser.md).
// The direction is one way: web and server both depend on shared; shared depends on neither;
// in the web app, app → features → api/components/lib, and a feature never reaches into another one.
// `npm run lint` runs it: depcruise src --config .dependency-cruiser.cjs

/** Test code may use dev-only packages and test helpers; production code may not. */
const TEST_FILES = '(^|/)(test|__tests__)/|\\.(test|spec|e2e)\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-not-to-server',
      comment:
        'The web app runs in the browser: it talks to the server over HTTP and Socket.IO only. ' +
        'Put what both sides need (schemas, types, constants) in src/shared.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-to-web',
      comment: 'The server never imports the web app. Shared code lives in src/shared.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'shared-is-leaf',
      comment:
        'src/shared is the contract both sides import; it must not depend on either of them ' +
        '(it runs in Node and in the browser).',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'no-cross-feature',
      comment:
        'A feature never imports another feature (Bulletproof React). Compose features in ' +
        'src/web/app (the router), or move what two features need up to src/web/components, ' +
        'src/web/lib or src/web/hooks; what two features read from the server is in src/web/api.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/([^/]+)/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'features-not-to-app',
      comment:
        'Dependencies point app → features → shared web code. A feature importing from src/web/app ' +
        'would make the app shell and the feature depend on each other.',
      severity: 'error',
      from: { path: '^src/web/features/' },
      to: { path: '^src/web/app/' },
    },
    {
      name: 'web-shared-not-to-features',
      comment:
        'src/web/components, src/web/lib and src/web/hooks are shared by features, so they must not ' +
        'depend on any one feature (or on the app shell).',
      severity: 'error',
      from: { path: '^src/web/(components|lib|hooks)/' },
      to: { path: '^src/web/(features|app)/' },
    },
    {
      name: 'web-api-not-to-features',
      comment:
        'src/web/api is the one data layer per server resource (keys and queryOptions, ADR 0037): ' +
        'features compose it, so it must not depend on a feature, the app shell or a widget. It ' +
        'imports only src/shared (the contract) and src/web/lib (the HTTP client).',
      severity: 'error',
      from: { path: '^src/web/api/' },
      to: { path: '^src/web/(features|app|components|hooks)/' },
    },
    {
      name: 'no-test-code-in-production',
      comment: 'Production modules must not import test files or test helpers.',
      severity: 'error',
      from: { path: '^src/', pathNot: TEST_FILES },
      to: { path: TEST_FILES },
    },
    {
      name: 'server-not-to-dev-dependencies',
      comment:
        'The server runs from its sources in production; a devDependency may be absent there ' +
        '(npm install --omit=dev). Tests may use them.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: TEST_FILES },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'module-surface',
      comment:
        'A server module is used by others only through its service.ts or its public.ts: the rest ' +
        'of its folder is its own, free to change. Tests and test helpers may reach inside.',
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/', pathNot: ['\\.test\\.ts$', '/test/'] },
      to: {
        path: '^src/server/modules/([^/]+)/',
        pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/(service|public)\\.ts$'],
      },
    },
    {
      name: 'no-circular',
      comment:
        'A circular import makes load order matter and usually means two modules share an idea ' +
        'that belongs in a third.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        "This import can't be resolved to a file: a typo, a missing package in package.json, or a " +
        '#alias that package.json "imports" and tsconfig "paths" do not declare.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-non-package-json',
      comment: 'Every package imported must be declared in package.json.',
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'no-deprecated-core',
      comment: 'A deprecated Node core module.',
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['core'], path: '^(punycode|domain|constants|sys|_linklist|_stream_wrap)$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|data|\\.tmp|test-results)/' },
    // Type-only imports count: a type from the server in the web app is still a coupling.
    tsPreCompilationDeps: true,
    // #shared/*, #server/*, #web/* resolve through tsconfig "paths" (mirroring package.json "imports").
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
