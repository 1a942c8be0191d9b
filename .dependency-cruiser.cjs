// The import rules of src/ (docs/ARCHITECTURE.md, "Folders"), checked by `npm run check:deps`.
// Paths are relative to the repository; packages are matched where they resolve in node_modules.

// The optional peer packages the servers run on, and the parts of ajv that compile schemas (the
// precompiled validators need neither: they are plain functions).
const ENGINES = [
  '^node_modules/@stoplight/',
  '^node_modules/libsql/',
  '^node_modules/undici/',
  '^node_modules/fp-ts/',
  '^node_modules/ajv/dist/2020',
  '^node_modules/ajv-formats/dist/index',
  '^src/validation/create-ajv\\.ts$',
];

// The entry points a browser or a webhook receiver imports (src/index.ts re-exports the other
// three), and the folders of their modules.
const LIGHT_ENTRY_POINTS = ['^src/(client|webhooks|oauth)/index\\.ts$', '^src/index\\.ts$'];
const LIGHT_MODULES = ['^src/(client|webhooks|oauth)/', '^src/index\\.ts$'];

// The rooms of src/conformance/ from the bottom up (docs/ARCHITECTURE.md, "The conformance
// suite's rooms"): a room imports only rooms below it; the files at the top (the runner, the
// package entry) import any room and no room imports them.
const CONFORMANCE_ROOMS = [
  'clauses',
  'profile',
  'transport',
  'callback',
  'run',
  'timing',
  'reach',
  'oauth',
  'shard',
  'checks',
  'generate',
  'receiver-suite',
  'report',
];

/** One rule per room: nothing above it, nor the top-level files. */
const roomRules = CONFORMANCE_ROOMS.map((room, index) => ({
  name: `conformance-${room}-imports-only-below`,
  comment:
    `src/conformance/${room}/ may import only the rooms below it (` +
    `${CONFORMANCE_ROOMS.slice(0, index).join(', ') || 'none'}), so each room can be read with ` +
    'what lies under it and no change above it reaches down.',
  severity: 'error',
  from: { path: `^src/conformance/${room}/` },
  to: {
    path: [
      ...CONFORMANCE_ROOMS.slice(index + 1).map((above) => `^src/conformance/${above}/`),
      '^src/conformance/[^/]+\\.ts$',
    ],
  },
}));

// A command's own file, as opposed to the table of commands beside it.
const COMMAND_FILES = '^src/cli/commands/(?!index\\.ts$)[^/]+$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...roomRules,
    {
      name: 'src-not-to-scripts-or-test',
      comment:
        'The package ships src/ alone: an import of scripts/ (build tasks) or test/ (fixtures, ' +
        'support) would fail in an installed copy, and drags dev-only packages into the library.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(scripts|test)/' },
    },
    {
      name: 'cli-loads-commands-lazily',
      comment:
        'main.ts, the command table and the helpers beside them run for every invocation, --help ' +
        'included: they reach a command file or an engine only through the import() in a load() ' +
        'of commands/index.ts, so one missing optional peer breaks only the command that needs it.',
      severity: 'error',
      from: { path: '^src/cli/', pathNot: COMMAND_FILES },
      to: { path: [COMMAND_FILES, ...ENGINES], dynamic: false },
    },
    {
      name: 'light-entries-load-no-engine',
      comment:
        'The client, webhooks and OAuth entry points (and the root that re-exports them) run in ' +
        'browsers, edge functions and small receivers: nothing they reach, type imports included ' +
        '(their .d.ts would name it), may be an engine, the YAML parser or the TypeScript compiler.',
      severity: 'error',
      from: { path: LIGHT_ENTRY_POINTS },
      to: {
        path: [...ENGINES, '^node_modules/yaml/', '^node_modules/typescript/'],
        reachable: true,
      },
    },
    {
      name: 'light-entries-no-ajv-value-import',
      comment:
        "A light module may name ajv's types (ErrorObject), but a value import of ajv loads its " +
        'schema compiler; the webhook validators are precompiled for that reason.',
      severity: 'error',
      from: { path: LIGHT_MODULES },
      to: {
        path: '^node_modules/(ajv|ajv-formats)/',
        pathNot: '^node_modules/ajv/dist/runtime/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'src-no-cycles',
      comment:
        'A cycle, even of type imports, ties its modules into one unit: none can be read, tested ' +
        'or moved alone, and a value cycle leaves one side undefined while the other loads.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: '^node_modules/' },
    // Type-only imports count: the cycle rule and the light-entry rule are about them too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
