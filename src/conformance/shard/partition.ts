/** One piece of work to place in a shard. */
export interface ShardUnit {
  /**
   * State the unit relies on, by name: every unit naming one of these goes to the same shard as
   * the others naming it (shards run side by side against one implementation).
   */
  together: readonly string[];
  /** Its rough cost, for balance; 1 unless told. */
  weight?: number;
}

/**
 * Places each unit in one of `n` shards, the same way for the same units in the same order
 * whichever shard asks: units that name a state in common (transitively) form a group; groups are
 * placed heaviest first, each in the lightest shard so far (the lower index on a tie). Returns the
 * shard of each unit, from 0.
 */
export function partition(
  units: readonly ShardUnit[],
  n: number,
  /** Work each shard has already, by index: a shard busy elsewhere gets less. */
  start: readonly number[] = [],
): number[] {
  const groups = groupsOf(units);
  const weightOf = (members: number[]) =>
    members.reduce((sum, i) => sum + (units[i]!.weight ?? 1), 0);
  // Heaviest first; among equals, the group whose first unit comes first.
  const ordered = groups
    .map((members) => ({ members, weight: weightOf(members) }))
    .sort((a, b) => b.weight - a.weight || a.members[0]! - b.members[0]!);
  const loads = Array.from({ length: n }, (_, i) => start[i] ?? 0);
  const shardOf = new Array<number>(units.length);
  for (const { members, weight } of ordered) {
    const lightest = loads.indexOf(Math.min(...loads));
    loads[lightest]! += weight;
    for (const i of members) shardOf[i] = lightest;
  }
  return shardOf;
}

/** The units' indices grouped by the names they share, each group in order, groups by first unit. */
function groupsOf(units: readonly ShardUnit[]): number[][] {
  const parent = units.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const firstNaming = new Map<string, number>();
  units.forEach(({ together }, i) => {
    for (const name of together) {
      const first = firstNaming.get(name);
      if (first === undefined) firstNaming.set(name, i);
      else {
        const [a, b] = [root(first), root(i)];
        parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
  });
  const byRoot = new Map<number, number[]>();
  units.forEach((_, i) => {
    const r = root(i);
    const group = byRoot.get(r);
    if (group) group.push(i);
    else byRoot.set(r, [i]);
  });
  return [...byRoot.values()];
}
