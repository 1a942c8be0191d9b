import { Command, CommanderError } from 'commander';
import { build } from '../../scripts/build.ts';

/** Exit codes: 0 done, 1 the work failed, 2 the command line was wrong. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

function program(): Command {
  const cli = new Command('service-contract')
    .description('Contract toolkit for the Service API')
    .exitOverride()
    .showHelpAfterError();
  cli
    .command('build')
    .description('lint, bundle and type every contract document into generated/')
    .action(async () => build());
  return cli;
}

/** Runs the CLI on `argv` (without node and the script) and returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  try {
    await program().parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    console.error(error instanceof Error ? error.message : error);
    return EXIT.failed;
  }
}
