import type { Command } from 'commander';
import { ANSWER_EXCERPT_BYTES, answerExcerpt } from '../../devloop/answer-excerpt.js';
import { eventUrl } from '../../devloop/event-url.js';
import { MAX_OVERRIDES, type Override, parseOverride } from '../../devloop/override.js';
import { sendDelivery } from '../../devloop/send-delivery.js';
import { signedDelivery } from '../../webhooks/signed-delivery.js';
import { type OwnPayload, triggerPayload } from '../../devloop/trigger-payload.js';
import { loadVersionRegistry } from '../../versions.js';
import type { RetryReason } from '../../webhooks/delivery.js';
import { DEFAULT_MAX_BODY_BYTES } from '../../webhooks/options.js';
import { parseSecret } from '../../webhooks/secret.js';
import { webhookValidators } from '../../webhooks/validators.js';
import type { WebhookVersion } from '../../webhooks/versions.js';
import { EXIT, type ExitCode, UsageError } from '../exit-codes.js';
import { readInput } from '../read-input.js';

interface Options {
  to: string;
  secret: string;
  version?: string;
  data?: string;
  override: string[];
  invalid?: boolean;
  retry?: string;
  reason?: string;
  all?: boolean;
}

const REASONS: readonly string[] = ['transport', 'http_5xx', 'http_429'];

export function register(command: Command, done: (code: ExitCode) => void): void {
  command
    .argument('[event]', 'the event to send, for example chat.message or chat:message:dm')
    .requiredOption(
      '--to <url>',
      'where to send it: the receiver under test; {event} in it stands for the event name (a v0 or baseline payload does not name its event)',
    )
    .requiredOption('--secret <secret>', 'the signing secret the receiver verifies with, whsec_...')
    .option('--version <version>', 'v0 or a dated version (YYYY-MM-DD); default the latest')
    .option(
      '--data <file>',
      "send this JSON payload instead of the contract's example: validated first, then sent as the file's exact bytes unless --override re-serializes it (- for standard input)",
    )
    .option(
      '--override <pointer=value>',
      'change one field: a JSON Pointer into the payload and a JSON value or text, e.g. /data/chatType=group (repeatable); with --data, --override re-serializes the payload',
      (value: string, all: string[]) => [...all, value],
      [],
    )
    .option('--invalid', 'send the payload even though the contract rejects it')
    .option('--retry <n>', 'send it as retry 1, 2 or 3 (Service-Retry-Num); needs --reason')
    .option('--reason <reason>', 'why it is retried: transport, http_5xx or http_429')
    .option('--all', 'send every event of the version, one after another')
    .action(async (event: string | undefined, options: Options) => {
      const plan = await planOf(event, options);
      let failed = 0;
      for (const name of plan.events) {
        const built = triggerPayload({ ...plan, event: name });
        if ('problem' in built) throw new UsageError(built.problem);
        if (built.diagnostics.length && !options.invalid)
          throw new UsageError(
            `the contract rejects this ${name} payload (${plan.version}): ${built.diagnostics.map((d) => d.message).join('; ')}; pass --invalid to send it anyway`,
          );
        const delivery = signedDelivery({ ...plan, payload: built.payload, body: built.body });
        const sent = await sendDelivery(eventUrl(options.to, name)!, delivery, {
          excerptBytes: ANSWER_EXCERPT_BYTES,
        });
        const id = delivery.headers['webhook-id'];
        const answer = sent.status === undefined ? sent.problem : `${sent.status} in ${sent.ms} ms`;
        const verdict = sent.ok ? '' : '  (not acknowledged: a 2xx within 3 s is needed)';
        // DLV-01: a receiver that refuses says why in its answer's body; shown under the status.
        const excerpt = sent.status === undefined || sent.ok ? undefined : sent.excerpt;
        const why = excerpt ? `\n  answer: ${answerExcerpt(excerpt)}` : '';
        console.log(`${name} (${plan.version}) ${id} -> ${answer}${verdict}${why}`);
        if (!sent.ok) failed += 1;
      }
      done(failed ? EXIT.failed : EXIT.ok);
    });
}

interface Plan {
  events: string[];
  version: WebhookVersion;
  secret: string;
  data?: OwnPayload;
  overrides: Override[];
  retry?: { number: number; reason: RetryReason };
}

/** Everything the command line asks for, checked before anything is sent. */
async function planOf(event: string | undefined, options: Options): Promise<Plan> {
  const secret = parseSecret(options.secret);
  if ('problem' in secret) throw new UsageError(`--secret: ${secret.problem}`);
  if (!eventUrl(options.to, 'event')) throw new UsageError('--to takes an http:// or https:// URL');
  const version = (options.version ?? loadVersionRegistry().latest) as WebhookVersion;
  const validators = webhookValidators(version);
  if (!validators)
    throw new UsageError(`no contract for version "${version}": v0 or a dated version`);
  const known = Object.keys(validators);
  if (options.all && event !== undefined) throw new UsageError('give an event or --all, not both');
  if (!options.all && event === undefined)
    throw new UsageError(`name an event (${known.join(', ')}) or pass --all`);
  if (event !== undefined && !Object.hasOwn(validators, event))
    throw new UsageError(`version ${version} has no event "${event}"; events: ${known.join(', ')}`);
  if (options.all && options.data)
    throw new UsageError('--data is one payload: it takes one event, not --all');
  if (options.override.length > MAX_OVERRIDES)
    throw new UsageError(`at most ${MAX_OVERRIDES} --override options`);
  const overrides = options.override.map((text) => {
    const parsed = parseOverride(text);
    if ('problem' in parsed) throw new UsageError(parsed.problem);
    return parsed;
  });
  return {
    events: event === undefined ? known : [event],
    version,
    secret: options.secret,
    data: options.data === undefined ? undefined : await readData(options.data),
    overrides,
    retry: retryOf(options),
  };
}

/** DLV-05: a retry says which one it is and why, both or neither. */
function retryOf({ retry, reason }: Options): Plan['retry'] {
  if (retry === undefined && reason === undefined) return undefined;
  if (retry === undefined || reason === undefined)
    throw new UsageError('--retry and --reason go together: a retry carries both headers');
  if (!/^[123]$/.test(retry)) throw new UsageError('--retry takes 1, 2 or 3');
  if (!REASONS.includes(reason))
    throw new UsageError('--reason takes transport, http_5xx or http_429');
  return { number: Number(retry), reason: reason as RetryReason };
}

/**
 * The file's text, sent as written, and a parse of it to validate. JSON is UTF-8 (RFC 8259): text
 * that does not decode to the same bytes again could not be sent byte for byte, so it is refused.
 */
async function readData(file: string): Promise<OwnPayload> {
  const bytes = await readInput(file);
  if (bytes.length > DEFAULT_MAX_BODY_BYTES)
    throw new UsageError(`--data ${file} is over ${DEFAULT_MAX_BODY_BYTES} bytes`);
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) throw new UsageError(`--data ${file} is not UTF-8`);
  try {
    return { text, payload: JSON.parse(text) };
  } catch {
    throw new UsageError(`--data ${file} is not JSON`);
  }
}
