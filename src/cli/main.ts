import { Command, CommanderError } from 'commander';
import * as build from './commands/build.ts';
import * as conformance from './commands/conformance.ts';
import * as diff from './commands/diff.ts';
import * as mock from './commands/mock.ts';
import * as proxy from './commands/proxy.ts';
import * as serve from './commands/serve.ts';
import * as validate from './commands/validate.ts';
import * as verify from './commands/verify.ts';
import { EXIT, type ExitCode, UsageError } from './exit-codes.ts';

export { EXIT } from './exit-codes.ts';

/** Every command, in the order `--help` lists them. */
const COMMANDS = [build, validate, verify, diff, mock, proxy, serve, conformance];

/** Runs the CLI on `argv` (without node and the script) and returns the exit code. */
export async function main(argv: string[]): Promise<ExitCode> {
  let code: ExitCode = EXIT.ok;
  const cli = new Command('service-contract').description('Contract toolkit for the Service API').exitOverride().showHelpAfterError();
  for (const command of COMMANDS) command.register(cli, (result) => (code = result));
  // Subcommands inherit neither exitOverride nor the help-after-error behaviour by themselves.
  for (const sub of cli.commands) sub.exitOverride().showHelpAfterError();
  try {
    await cli.parseAsync(argv, { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    console.error(error instanceof Error ? error.message : error);
    return error instanceof UsageError ? EXIT.usage : EXIT.failed;
  }
}
