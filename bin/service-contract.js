#!/usr/bin/env node
// Runs the compiled CLI with plain node: `npm run build` (or `npm pack`) writes dist/.
import { main } from '../dist/src/cli/main.js';

// Output piped into a reader that stops early (`| head`) closes the pipe: end quietly, as other
// command-line tools do, instead of a stack trace for EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}
process.exitCode = await main(process.argv.slice(2));
