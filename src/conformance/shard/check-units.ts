// shard/: splitting a run into --shard k/n parts that name no state in common.
import type { Check } from '../run/check.js';
import { partition } from './partition.js';
import type { Shard } from './shard.js';

/** A registered check as placing it sees it (the receiver suite's checks name no state). */
type Placed = readonly [id: string, check: Pick<Check, 'exclusive' | 'shared' | 'quiet'>];

/** What keeps the quiet checks in one shard: their timing bounds want the others' work done. */
const QUIET = '(quiet checks)';

/**
 * Which (check, version) units of a run are the shard's, by their place in the run's order
 * (versions, then checks). Checks run against one implementation, so the state a check names
 * holds across versions and across shards run side by side: every unit that holds a name
 * exclusive, or shares one another holds exclusive, stays in one shard with the others naming it
 * (Check.exclusive, Check.shared); the quiet checks stay together too (Check.quiet).
 */
export function checkUnitsOf(
  checks: readonly Placed[],
  versions: readonly string[],
  { k, n }: Shard,
): Set<number> {
  const { shardOf } = place(checks, versions, n);
  return new Set(shardOf.flatMap((shard, at) => (shard === k - 1 ? [at] : [])));
}

/**
 * The shard (k) whose checks hold `name`, the state of an event: the one that may set the event
 * off beyond its checks (the generated phase's liveness event) without another shard's checks
 * hearing it. Shard 1 when no check names it.
 */
export function shardHolding(
  checks: readonly Placed[],
  versions: readonly string[],
  n: number,
  name: string,
): number {
  const { units, shardOf } = place(checks, versions, n);
  const at = units.findIndex(({ together }) => together.includes(name));
  return at < 0 ? 1 : shardOf[at]! + 1;
}

function place(checks: readonly Placed[], versions: readonly string[], n: number) {
  const heldExclusive = new Set(checks.flatMap(([, check]) => check.exclusive ?? []));
  const together = ([, check]: Placed) => [
    ...(check.exclusive ?? []),
    ...(check.shared ?? []).filter((name) => heldExclusive.has(name)),
    ...(check.quiet ? [QUIET] : []),
  ];
  const units = versions.flatMap(() => checks.map((entry) => ({ together: together(entry) })));
  return { units, shardOf: partition(units, n) };
}
