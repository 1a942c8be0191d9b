/** The k-th of n deterministic parts of a run's work (`--shard k/n`), k counted from 1. */
export interface Shard {
  k: number;
  n: number;
}

/** More parts than any CI matrix runs: a bound on what `--shard` and a merge accept. */
export const MAX_SHARDS = 1000;

/** `k/n` as `--shard` takes it, or a message saying what it takes. */
export function parseShard(text: string): Shard | { problem: string } {
  const match = /^(\d{1,4})\/(\d{1,4})$/.exec(text.trim());
  const [k, n] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!match || k < 1 || n < 1 || k > n || n > MAX_SHARDS)
    return {
      problem: `--shard takes k/n, whole numbers with 1 <= k <= n <= ${MAX_SHARDS} (the k-th of n parts), not "${text}"`,
    };
  return { k, n };
}

/** `2/3`, as the option writes it. */
export const shardText = ({ k, n }: Shard) => `${k}/${n}`;
