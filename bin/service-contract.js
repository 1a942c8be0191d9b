#!/usr/bin/env node
// Runs the TypeScript sources directly: the toolkit ships them, not a compiled copy.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
