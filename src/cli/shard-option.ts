import { type Shard, parseShard, shardText } from '../conformance/shard/shard.js';
import { UsageError } from './exit-codes.js';

/** `--shard k/n`, checked; undefined without it. */
export function shardOption(value: string | undefined): Shard | undefined {
  if (value === undefined) return undefined;
  const parsed = parseShard(value);
  if ('problem' in parsed) throw new UsageError(parsed.problem);
  return parsed;
}

/**
 * The line a shard prints when none of the run's work fell to it: it passes, and its report says
 * so to the merge.
 */
export function noWorkLine(shard: Shard | undefined, resultCount: number): string[] {
  if (!shard || resultCount > 0) return [];
  return [
    `shard ${shardText(shard)} has no work: the selection's units all went to other shards (it passes)`,
  ];
}
