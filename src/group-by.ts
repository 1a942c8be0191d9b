/**
 * `items` grouped by `keyOf`, groups in the order their first item came, items in theirs; one
 * array per group, appended to in place (no copy per item). Node 20 has no `Map.groupBy`.
 */
export function groupBy<T, K>(
  items: Iterable<T>,
  keyOf: (item: T) => K | readonly K[],
): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const keys = keyOf(item);
    for (const key of (Array.isArray(keys) ? keys : [keys]) as K[]) {
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
  }
  return groups;
}
