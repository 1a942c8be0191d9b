import type { Command } from 'commander';
import type { Diagnostic } from '../../diagnostic.js';
import { parseWebhook } from '../../webhooks/parse.js';
import { webhookValidators } from '../../webhooks/validators.js';
import { type WebhookVersion, isEnveloped } from '../../webhooks/versions.js';
import { EXIT, type ExitCode, UsageError } from '../exit-codes.js';
import { type Item, readItems } from '../read-items.js';

interface Options {
  version: string;
  event?: string;
}

/** What one item came to: fine, or one line saying why not. */
type Verdict = { ok: true } | { ok: false; line: string };

export function register(command: Command, done: (code: ExitCode) => void): void {
  command
    .requiredOption('--version <version>', 'v0 or a dated version (YYYY-MM-DD)')
    .option(
      '--event <name>',
      'the event, for example chat.message or chat:message:dm (enveloped payloads name their own)',
    )
    .argument(
      '[files...]',
      'payloads: JSON files, NDJSON (one payload per line), or {description, data, valid} example files; - or none for standard input',
    )
    .action(async (files: string[], options: Options) => {
      usageProblems(options);
      const counts = { payloads: 0, invalid: 0, examples: 0, unexpected: 0 };
      for (const file of files.length ? files : ['-']) {
        for await (const item of readItems(file)) {
          const verdict = judge(item, options);
          if (item.expect) counts.examples += 1;
          else counts.payloads += 1;
          if (verdict.ok) continue;
          if (item.expect) counts.unexpected += 1;
          else counts.invalid += 1;
          console.log(verdict.line);
        }
      }
      if (counts.payloads + counts.examples === 0)
        throw new UsageError('nothing to validate: the input is empty');
      for (const line of summary(counts, options.version)) console.log(line);
      done(counts.invalid + counts.unexpected === 0 ? EXIT.ok : EXIT.failed);
    });
}

/** Problems with the command line, found before any input is read. */
function usageProblems({ version, event }: Options): void {
  const validators = webhookValidators(version);
  if (!validators)
    throw new UsageError(`no contract for version "${version}": v0 or a dated version`);
  if (event !== undefined && !Object.hasOwn(validators, event))
    throw new UsageError(
      `version ${version} has no event "${event}"; events: ${Object.keys(validators).join(', ')}`,
    );
  // VER-08: before the envelope a payload does not name its event.
  if (event === undefined && !isEnveloped(version as WebhookVersion))
    throw new UsageError(`version ${version} payloads do not name their event: pass --event`);
}

function judge(item: Item, { version, event }: Options): Verdict {
  if (!('json' in item.value)) return { ok: false, line: `${item.label}: ${item.value.problem}` };
  const result = parseWebhook({ version: version as WebhookVersion, event, body: item.value.json });
  const problems = result.ok ? '' : result.diagnostics.map(describe).join('; ');
  const subject = item.expect?.description
    ? `${item.label} (${item.expect.description})`
    : item.label;
  if (!item.expect)
    return result.ok ? { ok: true } : { ok: false, line: `${subject}: ${problems}` };
  if (result.ok === item.expect.valid) return { ok: true };
  return {
    ok: false,
    line: result.ok
      ? `${subject}: expected invalid, but it is valid`
      : `${subject}: expected valid, got: ${problems}`,
  };
}

function describe(diagnostic: Diagnostic): string {
  return diagnostic.requirement
    ? `${diagnostic.message} (${diagnostic.requirement})`
    : diagnostic.message;
}

function summary(
  counts: { payloads: number; invalid: number; examples: number; unexpected: number },
  version: string,
): string[] {
  const lines: string[] = [];
  if (counts.payloads || !counts.examples)
    lines.push(
      `${plural(counts.payloads, 'payload')} for ${version}: ${counts.payloads - counts.invalid} valid, ${counts.invalid} invalid`,
    );
  if (counts.examples)
    lines.push(
      `${plural(counts.examples, 'example')} for ${version}: ${counts.examples - counts.unexpected} as expected, ${counts.unexpected} not`,
    );
  return lines;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
