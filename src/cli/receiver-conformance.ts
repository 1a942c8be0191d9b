import type { ReportRequest } from '../conformance/report/write-reports.js';
import { progressLine } from '../conformance/report/text-summary.js';
import { RECEIVER_CHECKS } from '../conformance/receiver-suite/checks/index.js';
import {
  type ReceiverCheckResult,
  runReceiverSuite,
  selectReceiverChecks,
} from '../conformance/receiver-suite/runner.js';
import { fingerprint } from '../conformance/shard/fingerprint.js';
import type { Shard } from '../conformance/shard/shard.js';
import { suiteVersion } from '../suite-version.js';
import { listVersions, loadVersionRegistry } from '../versions.js';
import { parseSecret } from '../webhooks/secret.js';
import type { WebhookVersion } from '../webhooks/versions.js';
import { type ExitCode, UsageError } from './exit-codes.js';
import { noWorkLine } from './shard-option.js';
import { finishRun } from './finish-run.js';

export interface ReceiverCommandOptions {
  receiver: string;
  secret?: string;
  /** `all`, or versions separated by commas; the latest dated version when not given. */
  version?: string;
  only?: string;
  reports: readonly ReportRequest[];
  /** Run only this part of the (check, version) units (`--shard`). */
  shard?: Shard;
  /** The run a shard belongs to (`--run-id`, or the CI's). */
  runId?: string;
}

/**
 * `conformance --receiver <url> --secret <whsec_...>`: runs the receiver suite's default checks
 * (or those `--only` names) against a webhook endpoint at each version asked for, the latest by
 * default, prints the summary, writes the reports; exit 0 only when every check passed.
 */
export async function runReceiverCommand(options: ReceiverCommandOptions): Promise<ExitCode> {
  const secret = secretOf(options.secret);
  const url = urlOf(options.receiver);
  const versions = versionsOf(options.version);
  const checks = selectReceiverChecks(options.only?.split(','));
  if (checks.length === 0) {
    const ids = (optIn: boolean) =>
      RECEIVER_CHECKS.filter(([, check]) => (check.optIn === true) === optIn)
        .map(([id]) => id)
        .join(', ');
    throw new UsageError(
      `--only ${options.only} names no receiver check or requirement; checks are ${ids(false)}; opt-in, by id only: ${ids(true)}`,
    );
  }
  const startedAt = new Date().toISOString();
  const began = performance.now();
  const results: ReceiverCheckResult[] = await runReceiverSuite({
    url,
    secret,
    versions,
    checks,
    onResult: (r) => console.error(progressLine(r)),
    shard: options.shard,
  });
  for (const line of noWorkLine(options.shard, results.length)) console.log(line);
  // The reports of the server suite, the receiver's URL beside the profile they name (never the
  // secret).
  const run = {
    profile: '(receiver suite)',
    receiver: url,
    versions: [...versions],
    startedAt,
    durationMs: Math.round(performance.now() - began),
    suite: suiteVersion(),
    // The receiver and its secret stand for the profile: shards of one receiver's run merge.
    fingerprint: fingerprint({ receiver: url, secret }),
    ...(options.only ? { only: options.only.split(',').map((id) => id.trim()) } : {}),
    ...(options.shard ? { shard: options.shard } : {}),
    ...(options.runId === undefined ? {} : { runId: options.runId }),
  };
  return finishRun(options.reports, { results, run });
}

function secretOf(secret: string | undefined): string {
  if (secret === undefined)
    throw new UsageError("--receiver needs --secret <whsec_...>, the receiver's signing secret");
  const parsed = parseSecret(secret);
  if ('problem' in parsed) throw new UsageError(`--secret is not usable: ${parsed.problem}`);
  return secret;
}

/** An http(s) URL, once `{version}` and `{event}` are filled in. */
function urlOf(receiver: string): string {
  const filled = receiver.replaceAll('{version}', 'v0').replaceAll('{event}', 'event');
  if (!URL.canParse(filled) || !/^https?:$/.test(new URL(filled).protocol))
    throw new UsageError(`--receiver takes an http or https URL, not "${receiver}"`);
  return receiver;
}

/**
 * The versions to send: a receiver is tested on the version it receives, and a subscription made
 * now is on the latest (VER-14), so that one unless told; `all` is v0 and every dated version;
 * otherwise those the comma-separated list names, each once, in the registry's order.
 */
function versionsOf(version: string | undefined): WebhookVersion[] {
  const known = ['v0', ...listVersions()] as WebhookVersion[];
  if (version === undefined) return [loadVersionRegistry().latest as WebhookVersion];
  if (version === 'all') return known;
  const named = version.split(',').map((v) => v.trim());
  const unknown = named.filter((v) => !(known as string[]).includes(v));
  if (unknown.length > 0)
    throw new UsageError(
      `--version takes all, or one or more of ${known.join(', ')} separated by commas; not ${unknown.map((v) => `"${v}"`).join(', ')}`,
    );
  return known.filter((v) => named.includes(v));
}
