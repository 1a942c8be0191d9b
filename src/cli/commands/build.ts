import type { Command } from 'commander';
import { build } from '../../../scripts/build.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';

export function register(cli: Command, done: (code: ExitCode) => void): void {
  cli
    .command('build')
    .description('lint, bundle, type and precompile every contract document into generated/')
    .action(async () => {
      await build();
      done(EXIT.ok);
    });
}
