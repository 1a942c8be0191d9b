import type { Command } from 'commander';
import { parseWebhook } from '../../webhooks/parse.ts';
import type { WebhookVersion } from '../../webhooks/versions.ts';
import { EXIT, type ExitCode, UsageError } from '../exit-codes.ts';
import { readInput } from '../read-input.ts';

export function register(cli: Command, done: (code: ExitCode) => void): void {
  cli
    .command('validate')
    .description('validate a webhook payload against a version of the contract')
    .requiredOption('--version <version>', 'v0 or a dated version (YYYY-MM-DD)')
    .requiredOption('--event <name>', 'the event, for example chat.message or chat:message:dm')
    .argument('[file]', 'the payload, or - for standard input', '-')
    .action(async (file: string, options: { version: string; event: string }) => {
      const result = parseWebhook({ version: options.version as WebhookVersion, event: options.event, body: await readInput(file) });
      if (result.ok) {
        console.log(`valid ${options.event} payload for ${options.version}`);
        return done(EXIT.ok);
      }
      const usage = result.diagnostics.find((d) => d.code === 'unknown_version' || d.code === 'unknown_event');
      if (usage) throw new UsageError(usage.message);
      console.log(`invalid ${options.event} payload for ${options.version}:`);
      for (const diagnostic of result.diagnostics) console.log(`  ${diagnostic.message}${diagnostic.requirement ? ` (${diagnostic.requirement})` : ''}`);
      done(EXIT.failed);
    });
}
