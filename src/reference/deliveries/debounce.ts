/**
 * Coalesces values by key over a window (DLV-11): the first value of a key opens the window, later
 * ones replace it, and when the window closes `fire` gets the latest. The window is not extended
 * by later changes, so a message whose reactions keep changing is still delivered about every
 * window. Every caller of `push` gets the promise of the one firing.
 */
export function createDebouncer<V, R>(windowMs: number, fire: (value: V) => Promise<R>) {
  const pending = new Map<
    string,
    {
      value: V;
      timer: NodeJS.Timeout;
      done: Promise<R | undefined>;
      resolve: (r: R | undefined) => void;
    }
  >();
  return {
    push(key: string, value: V): Promise<R | undefined> {
      const open = pending.get(key);
      if (open) {
        open.value = value;
        return open.done;
      }
      let resolve!: (r: R | undefined) => void;
      const done = new Promise<R | undefined>((r) => (resolve = r));
      const timer = setTimeout(() => {
        const entry = pending.get(key)!;
        pending.delete(key);
        fire(entry.value).then(resolve, () => resolve(undefined));
      }, windowMs);
      pending.set(key, { value, timer, done, resolve });
      return done;
    },
    /** Drops what is waiting; its promises resolve to undefined. */
    cancel(): void {
      for (const entry of pending.values()) {
        clearTimeout(entry.timer);
        entry.resolve(undefined);
      }
      pending.clear();
    },
  };
}
