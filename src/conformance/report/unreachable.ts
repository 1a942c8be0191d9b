import type { CheckResult } from '../run/check-result.js';

/**
 * The codes of a request that reached no implementation at all, and what to do about each, in the
 * implementer's terms: the fault is where the run points, not in what the checks judge.
 */
const REMEDIES = new Map<string, string>([
  ['ECONNREFUSED', 'nothing accepts connections there: start the implementation, or correct'],
  ['ENOTFOUND', 'the host name does not resolve: correct'],
  ['EAI_AGAIN', 'the host name could not be resolved for now (DNS): try again, or correct'],
  ['EHOSTUNREACH', 'the host cannot be reached from this machine: check the network, or correct'],
  ['ENETUNREACH', 'its network cannot be reached from this machine: check the network, or correct'],
]);

/** What a check that could not finish recorded of its request (runner.ts): a code and a place. */
function unreached(actual: unknown): { code: string; origin: string } | undefined {
  if (typeof actual !== 'object' || actual === null) return undefined;
  const { transport, origin } = actual as { transport?: unknown; origin?: unknown };
  if (typeof transport !== 'string' || typeof origin !== 'string') return undefined;
  return REMEDIES.has(transport) ? { code: transport, origin } : undefined;
}

/**
 * One line per address the run could not reach, with how many checks that ended and what to do:
 * an implementation that is not running fails every check that sends, and the reader needs the
 * one cause, not the count of its symptoms. Empty where every request reached something.
 */
export function unreachableLines(results: readonly CheckResult[]): string[] {
  const places = new Map<string, { origin: string; code: string; checks: Set<string> }>();
  for (const result of results)
    for (const d of result.diagnostics) {
      const at = unreached(d.actual);
      if (!at) continue;
      const key = `${at.origin} ${at.code}`;
      const place = places.get(key) ?? { ...at, checks: new Set<string>() };
      places.set(key, place);
      place.checks.add(`${result.check} ${result.version}`);
    }
  return [...places.values()].map(({ origin, code, checks }) => {
    const ended = checks.size === 1 ? '1 check' : `${checks.size} checks`;
    return `could not reach ${origin} (${code}; ${ended} ended there): ${REMEDIES.get(code)} the profile's address for it (baseUrl, or authUrl for OAuth)`;
  });
}
