/** Remembers which `webhook-id`s were handled, so a retried event is handled once (DLV-04). */
export interface DedupeStore {
  has(id: string): boolean | Promise<boolean>;
  add(id: string): void | Promise<void>;
}

/** An in-memory store that forgets the oldest ids beyond `capacity`. */
export function memoryDedupeStore(capacity = 10_000): DedupeStore {
  const seen = new Set<string>();
  return {
    has: (id) => seen.has(id),
    add: (id) => {
      seen.add(id);
      // Sets iterate in insertion order, so the first entry is the oldest.
      if (seen.size > capacity) seen.delete(seen.values().next().value as string);
    },
  };
}
