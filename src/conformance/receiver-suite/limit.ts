/**
 * Runs at most `max` tasks at once, the rest in turn: checks run side by side, and a receiver
 * under test should not get more concurrent deliveries than a sender would open.
 */
export function concurrencyLimit(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
