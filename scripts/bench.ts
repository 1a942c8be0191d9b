// Every benchmark, run in this order; `npm run bench -- webhooks` runs one by name. Each is loaded
// only when it runs, so one benchmark's process does not carry another's modules (Prism's, say).
const BENCHMARKS = {
  cli: () => import('./bench/cli.ts'),
  webhooks: () => import('./bench/webhooks.ts'),
  mock: () => import('./bench/mock.ts'),
  reference: () => import('./bench/reference.ts'),
  conformance: () => import('./bench/conformance.ts'),
  build: () => import('./bench/build.ts'),
} as const;

const only = process.argv[2] as keyof typeof BENCHMARKS | undefined;
if (only && !(only in BENCHMARKS)) {
  console.error(`unknown benchmark "${only}"; benchmarks: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exitCode = 2;
} else {
  for (const [name, load] of Object.entries(BENCHMARKS))
    if (!only || only === name) await (await load()).run();
}
