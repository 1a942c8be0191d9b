import { Command, CommanderError } from 'commander';
import { type CommandEntry, COMMANDS } from './commands/index.js';
import { missingEngineMessage } from './missing-engine.js';
import { EXIT, type ExitCode, UsageError } from './exit-codes.js';

export { EXIT } from './exit-codes.js';

/**
 * Runs the CLI on `argv` (without node and the script) and returns the exit code. Only the module
 * of the command that runs is loaded: `--help` lists every command from the table alone.
 */
export async function main(argv: string[]): Promise<ExitCode> {
  let code: ExitCode = EXIT.ok;
  const cli = new Command('service-contract')
    .description('Contract toolkit for the Service API')
    .exitOverride()
    .showHelpAfterError();
  const running = commandOf(argv);
  try {
    for (const entry of COMMANDS) {
      const command = cli.command(entry.name).description(entry.summary);
      // Subcommands inherit neither exitOverride nor the help-after-error behaviour by themselves.
      command.exitOverride().showHelpAfterError();
      if (entry === running) (await load(entry)).register(command, (result) => (code = result));
    }
    await cli.parseAsync(argv, { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    console.error(error instanceof Error ? error.message : error);
    return error instanceof UsageError ? EXIT.usage : EXIT.failed;
  }
}

/** The command named by the first word that is not an option (`help <name>` names its second). */
function commandOf(argv: string[]): CommandEntry | undefined {
  const words = argv.filter((arg) => !arg.startsWith('-'));
  const name = words[0] === 'help' ? words[1] : words[0];
  return COMMANDS.find((entry) => entry.name === name);
}

async function load(entry: CommandEntry) {
  try {
    return await entry.load();
  } catch (error) {
    const message = missingEngineMessage(entry, error);
    // Not a usage error: the command line is right, this install lacks an optional package.
    if (message) throw new Error(message);
    throw error;
  }
}
