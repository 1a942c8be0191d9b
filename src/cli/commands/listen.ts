import type { Command } from 'commander';
import { eventUrl } from '../../devloop/event-url.js';
import { keptSecret } from '../../devloop/listen-secret.js';
import { startListener } from '../../devloop/listen-server.js';
import { explainPort } from '../../http/listen.js';
import { listVersions } from '../../versions.js';
import { DEFAULT_MAX_BODY_BYTES } from '../../webhooks/options.js';
import { parseSecret } from '../../webhooks/secret.js';
import { webhookValidators } from '../../webhooks/validators.js';
import type { WebhookVersion } from '../../webhooks/versions.js';
import { type ExitCode, UsageError } from '../exit-codes.js';

interface Options {
  port: string;
  host: string;
  secret?: string;
  version?: string;
  forwardTo?: string;
  json?: boolean;
  events?: string;
  maxBodyBytes: string;
}

export function register(command: Command, _done: (code: ExitCode) => void): void {
  command
    .option('--port <port>', 'port to listen on', '4040')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option(
      '--secret <secret>',
      'the signing secret to verify with, whsec_...; without it one is made and kept across restarts',
    )
    .option(
      '--version <version>',
      'the version expected, and the one deliveries without Service-Version (v0) are read at',
    )
    .option(
      '--forward-to <url>',
      "pass each delivery's exact bytes and headers on to this app and answer with its answer; {event} in it stands for the event's name",
    )
    .option('--json', 'print one JSON object per delivery (NDJSON) instead of readable blocks')
    .option('--events <names>', 'print only these events, comma-separated (all are answered)')
    .option(
      '--max-body-bytes <n>',
      'the largest body read; a larger one is answered 413',
      String(DEFAULT_MAX_BODY_BYTES),
    )
    .action(async (options: Options) => {
      const checked = checkedOptions(options);
      const kept = options.secret === undefined ? keptSecret() : undefined;
      const secret = options.secret ?? kept!.secret;
      const listener = await startListener({
        ...checked,
        secret,
        json: options.json === true,
        host: options.host,
        print: (text) => console.log(text),
      }).catch(explainPort('--port'));
      const lines = [`listening on ${listener.url}`];
      if (kept)
        lines.push(
          `signing secret ${secret} (${kept.created ? 'made now and ' : ''}kept in ${kept.file}): configure your app and the sender with it`,
        );
      if (checked.forwardTo) lines.push(`forwarding to ${checked.forwardTo}`);
      // The first line stays as it is: harnesses read the URL from it. With --json, standard
      // output is NDJSON only, so this goes to standard error; written at once, so a reader of
      // the URL line has the rest too.
      (options.json ? console.error : console.log)(lines.join('\n'));
      await new Promise(() => {});
    });
}

function checkedOptions(options: Options) {
  if (!/^\d{1,5}$/.test(options.port) || Number(options.port) > 65535)
    throw new UsageError('--port takes a number from 0 to 65535');
  if (!/^\d{1,10}$/.test(options.maxBodyBytes) || Number(options.maxBodyBytes) < 1)
    throw new UsageError('--max-body-bytes takes a whole number of bytes, 1 or more');
  if (options.secret !== undefined) {
    const parsed = parseSecret(options.secret);
    if ('problem' in parsed) throw new UsageError(`--secret: ${parsed.problem}`);
  }
  const version = options.version as WebhookVersion | undefined;
  const validators = version === undefined ? undefined : webhookValidators(version);
  if (version !== undefined && !validators)
    throw new UsageError(`no contract for version "${version}": v0 or a dated version`);
  return {
    port: Number(options.port),
    maxBodyBytes: Number(options.maxBodyBytes),
    version,
    forwardTo: options.forwardTo === undefined ? undefined : forwardUrl(options.forwardTo),
    events: options.events === undefined ? undefined : new Set(eventNames(options.events)),
  };
}

function forwardUrl(text: string): string {
  if (!eventUrl(text, 'event'))
    throw new UsageError('--forward-to takes an http:// or https:// URL');
  return text;
}

/** The events named, each one some version of the contract knows. */
function eventNames(text: string): string[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) throw new UsageError('--events takes event names, comma-separated');
  const known = new Set(
    ['v0', ...listVersions()].flatMap((version) => Object.keys(webhookValidators(version) ?? {})),
  );
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length)
    throw new UsageError(
      `--events: no version has the event ${unknown.map((n) => `"${n}"`).join(', ')}`,
    );
  return names;
}
