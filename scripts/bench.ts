import * as build from './bench/build.ts';
import * as conformance from './bench/conformance.ts';
import * as mock from './bench/mock.ts';
import * as reference from './bench/reference.ts';
import * as webhooks from './bench/webhooks.ts';

// Every benchmark, run in this order; `npm run bench -- webhooks` runs one by name.
const BENCHMARKS = { webhooks, mock, reference, conformance, build } as const;

const only = process.argv[2] as keyof typeof BENCHMARKS | undefined;
if (only && !(only in BENCHMARKS)) {
  console.error(`unknown benchmark "${only}"; benchmarks: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exitCode = 2;
} else {
  for (const [name, bench] of Object.entries(BENCHMARKS)) if (!only || only === name) await bench.run();
}
