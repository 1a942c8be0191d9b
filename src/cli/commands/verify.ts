import type { Command } from 'commander';
import { parseSecret } from '../../webhooks/secret.js';
import { verifyWebhook } from '../../webhooks/verify.js';
import { EXIT, type ExitCode, UsageError } from '../exit-codes.js';
import { readInput } from '../read-input.js';

export function register(command: Command, done: (code: ExitCode) => void): void {
  command
    .requiredOption('--secret <secret>', 'the signing secret, whsec_...')
    .requiredOption('--headers <file>', 'the delivery headers as a JSON object of names to values')
    .requiredOption('--body <file>', 'the raw body as received')
    .option('--tolerance <seconds>', 'how far webhook-timestamp may be from now', '300')
    .option('--now <seconds>', 'verify as of this Unix time, to replay an old delivery')
    .action(
      async (options: {
        secret: string;
        headers: string;
        body: string;
        tolerance: string;
        now?: string;
      }) => {
        const secret = parseSecret(options.secret);
        if ('problem' in secret) throw new UsageError(secret.problem);
        const headers = parseHeaders((await readInput(options.headers)).toString('utf8'));
        const result = verifyWebhook({
          secret: options.secret,
          headers,
          body: await readInput(options.body),
          toleranceSeconds: seconds(options.tolerance, '--tolerance'),
          now: options.now === undefined ? undefined : seconds(options.now, '--now'),
        });
        if (result.ok) {
          console.log(`verified: webhook-id ${result.id}, webhook-timestamp ${result.timestamp}`);
          return done(EXIT.ok);
        }
        console.log(`rejected (${result.reason}): ${result.message}`);
        done(EXIT.failed);
      },
    );
}

function parseHeaders(text: string): Record<string, string> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError('--headers must be a JSON object of header names to values');
  }
  const valid =
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string');
  if (!valid)
    throw new UsageError('--headers must be a JSON object of header names to string values');
  return value as Record<string, string>;
}

function seconds(text: string, option: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${option} takes a whole number of seconds`);
  return Number(text);
}
