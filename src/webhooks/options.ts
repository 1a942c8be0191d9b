import { parseSecret } from './secret.js';

/** How far `webhook-timestamp` may be from now, both ways, unless told otherwise (DLV-02). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** The largest delivery body a receiver reads unless told otherwise: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** The options that decide whether a delivery verifies, as a caller may get them wrong. */
export interface VerifySettings {
  secret?: unknown;
  secrets?: unknown;
  toleranceSeconds?: unknown;
  now?: unknown;
}

/**
 * Everything wrong with the options that decide verification, each naming the option; empty when
 * nothing is. A tolerance that is NaN, infinite or negative makes every comparison with it false
 * or true at once, so a delivery of any age would pass: such options are refused, not used.
 * Secrets are only checked for their type here: a malformed one is `invalid_secret`.
 */
export function verifyOptionsProblems(options: VerifySettings): string[] {
  const problems: string[] = [];
  if (
    options.secrets !== undefined &&
    !(Array.isArray(options.secrets) && options.secrets.every((s) => typeof s === 'string'))
  ) {
    problems.push('secrets must be an array of whsec_ strings');
  }
  if (options.secret !== undefined && typeof options.secret !== 'string')
    problems.push('secret must be a whsec_ string');
  if (options.toleranceSeconds !== undefined && !isSeconds(options.toleranceSeconds)) {
    problems.push('toleranceSeconds must be a finite number of seconds, 0 or more');
  }
  if (options.now !== undefined && !isSeconds(options.now))
    problems.push('now must be a finite number of Unix seconds, 0 or more');
  return problems;
}

/** Receiver options, checked once when the receiver is made. */
export interface ReceiverSettings extends VerifySettings {
  maxBodyBytes?: unknown;
  dedupe?: unknown;
  onDelivery?: unknown;
}

/**
 * Throws a TypeError naming the first receiver option that cannot work: a receiver with no usable
 * secret or a broken limit would fail every delivery, or accept what it should refuse.
 */
export function assertReceiverOptions(options: ReceiverSettings): void {
  const problem =
    verifyOptionsProblems(options)[0] ?? secretProblem(options) ?? receiverProblem(options);
  if (problem) throw new TypeError(`webhook receiver: ${problem}`);
}

function secretProblem({ secret, secrets }: VerifySettings): string | undefined {
  const all = (secrets ?? (secret === undefined ? [] : [secret])) as string[];
  if (all.length === 0) return 'secret (or secrets) is required';
  for (const each of all) {
    const parsed = parseSecret(each);
    if ('problem' in parsed)
      return `${secrets === undefined ? 'secret' : 'secrets'}: ${parsed.problem}`;
  }
  return undefined;
}

function receiverProblem(options: ReceiverSettings): string | undefined {
  const { maxBodyBytes, dedupe, onDelivery } = options;
  if (
    maxBodyBytes !== undefined &&
    !(Number.isSafeInteger(maxBodyBytes) && (maxBodyBytes as number) > 0)
  ) {
    return 'maxBodyBytes must be a whole number of bytes, 1 or more';
  }
  if (typeof onDelivery !== 'function') return 'onDelivery must be a function';
  if (dedupe !== undefined && typeof dedupe !== 'boolean' && !isStore(dedupe))
    return 'dedupe must be true, false or a store with has and add';
  return undefined;
}

function isSeconds(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function isStore(value: unknown): boolean {
  const store = value as { has?: unknown; add?: unknown } | null;
  return (
    typeof store === 'object' &&
    store !== null &&
    typeof store.has === 'function' &&
    typeof store.add === 'function'
  );
}
