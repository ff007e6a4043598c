// Three projects: the browser side (jsdom), the server side (node, against a real database) and the repository's
// own tooling (scripts/: the lint rules, .env.example).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const { TEXT_PACKAGES } = require('./scripts/appList.cjs');

// ESM-only packages that jest must transform.
const esmPackages = ['react-intl', 'intl-messageformat', '@formatjs', 'ky'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join('|')})/)`];

module.exports = {
  // Near jest's 5 s default, so a test that hangs fails soon. What starts an app, a database of its own, a broker or
  // a process says so with its own timeout (APP_START_TIMEOUT_MS, server/src/testing/testApp.ts).
  testTimeout: 10_000,
  projects: [
    {
      displayName: 'web',
      testEnvironment: '<rootDir>/shared/src/testing/jsdomEnvironment.js',
      // @paddock/shared and every app of the one list (scripts/appList.cjs).
      roots: TEXT_PACKAGES.map((name) => `<rootDir>/${name}/src`),
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      transformIgnorePatterns,
      moduleNameMapper: { '\\.css$': 'identity-obj-proxy', '\\.svg$': '<rootDir>/shared/src/ui/testing/svgStub.js' },
      setupFilesAfterEnv: ['<rootDir>/shared/src/testing/setupWeb.ts'],
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server/src'],
      testMatch: ['**/*.test.ts'],
      // The scale-out tests (real RabbitMQ, several server processes, timing bounds) run alone in their own step of
      // scripts/test.mjs with PADDOCK_SCALEOUT=1, not beside other files.
      testPathIgnorePatterns: [
        ...(process.env.PADDOCK_SCALEOUT ? [] : ['/server/src/scaleout/']),
        // The deployment rehearsal needs the production build: it runs alone after it, with PADDOCK_REHEARSAL=1.
        ...(process.env.PADDOCK_REHEARSAL ? [] : ['/server/src/production/rehearsal']),
      ],
      // .cjs too: PGlite's CommonJS build loads Node built-ins with import(), which jest's module sandbox refuses
      // without --experimental-vm-modules; swc turns those into require(). cookie 2 (used by Fastify's inject) and
      // aedes 1 (the embedded MQTT broker) are ESM-only.
      transform: { '^.+\\.c?(t|j)sx?$': swc },
      transformIgnorePatterns: ['/node_modules/(?!(@electric-sql/pglite|cookie|aedes|intl-messageformat|@formatjs)/)'],
    },
    {
      // .mjs too: the import-boundary rules (scripts/lint/boundaries.mjs) are an ES module eslint.config.mjs imports.
      displayName: 'scripts',
      testEnvironment: 'node',
      roots: ['<rootDir>/scripts', '<rootDir>/webpack'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/fixtures/', '/fixtures-unlisted-app/', '/fixtures-knip/'],
      transform: { '^.+\\.m?(t|j)s$': swc },
      // The message compiler (webpack/loaders) uses the ESM-only ICU parser.
      transformIgnorePatterns,
    },
  ],
};
