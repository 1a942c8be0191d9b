#!/usr/bin/env node
// Runs the compiled CLI with plain node: `npm ci` (its prepare step), `npm run build` or
// `npm pack` writes dist/.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  // A checkout whose install skipped the build (`npm ci --ignore-scripts`): one line, no stack.
  console.error(
    'service-contract: dist/ is not built in this checkout; run `npm run build:dist` first',
  );
  process.exit(2);
}
const { main } = await import(entry.href);

// Output piped into a reader that stops early (`| head`) closes the pipe: end quietly, as other
// command-line tools do, instead of a stack trace for EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}
process.exitCode = await main(process.argv.slice(2));
