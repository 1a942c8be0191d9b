// Every benchmark, run in this order; `npm run bench -- webhooks` runs one by name. Each is loaded
// only when it runs, so one benchmark's process does not carry another's modules (Prism's, say).
// Each loader returns the module's `run`, so the import names what it uses (as knip reads it).
const BENCHMARKS = {
  cli: () => import('./bench/cli.ts').then((bench) => bench.run),
  webhooks: () => import('./bench/webhooks.ts').then((bench) => bench.run),
  listen: () => import('./bench/listen.ts').then((bench) => bench.run),
  mock: () => import('./bench/mock.ts').then((bench) => bench.run),
  reference: () => import('./bench/reference.ts').then((bench) => bench.run),
  proxy: () => import('./bench/proxy.ts').then((bench) => bench.run),
  conformance: () => import('./bench/conformance.ts').then((bench) => bench.run),
  generate: () => import('./bench/generate.ts').then((bench) => bench.run),
  repeatability: () => import('./bench/repeatability.ts').then((bench) => bench.run),
  build: () => import('./bench/build.ts').then((bench) => bench.run),
} as const;
/** Run only when named: `tests` runs the whole test suite. */
const NAMED_ONLY = {
  tests: () => import('./bench/tests.ts').then((bench) => bench.run),
} as const;
const ALL = { ...BENCHMARKS, ...NAMED_ONLY };

const only = process.argv[2] as keyof typeof ALL | undefined;
if (only && !(only in ALL)) {
  console.error(`unknown benchmark "${only}"; benchmarks: ${Object.keys(ALL).join(', ')}`);
  process.exitCode = 2;
} else if (only) {
  await (
    await ALL[only]()
  )();
} else {
  for (const load of Object.values(BENCHMARKS)) await (await load())();
}
