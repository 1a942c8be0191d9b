/** One unit of work for the pool: what it holds while it runs, and how to run it. */
export interface PoolTask<T> {
  /** Names no other task holding one of them may run alongside (Check.exclusive). */
  exclusive: readonly string[];
  /** Holds the whole run: starts only when nothing else runs, and nothing starts beside it. */
  alone: boolean;
  run(): Promise<T>;
}

/**
 * Runs `tasks` at most `limit` at a time, never two that hold a common name together, nor
 * anything beside a task that runs alone; each starts as soon as it may, the earlier in `tasks`
 * first. Resolves with the results in the order of `tasks`, whatever order they end in; rejects
 * with the first task that rejects, once the tasks started have ended.
 */
export function runPooled<T>(tasks: readonly PoolTask<T>[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  const pending = tasks.map((_, index) => index);
  const held = new Set<string>();
  let [running, alone, failed] = [0, false, undefined as { error: unknown } | undefined];
  return new Promise<T[]>((resolve, reject) => {
    const free = (task: PoolTask<T>) =>
      !alone &&
      running < limit &&
      (!task.alone || running === 0) &&
      task.exclusive.every((name) => !held.has(name));
    const pump = () => {
      for (let i = 0; !failed && i < pending.length;) {
        const index = pending[i]!;
        if (!free(tasks[index]!)) i += 1;
        else start(pending.splice(i, 1)[0]!);
      }
      if (running > 0) return;
      if (failed) reject(failed.error);
      else if (pending.length === 0) resolve(results);
    };
    const start = (index: number) => {
      const task = tasks[index]!;
      for (const name of task.exclusive) held.add(name);
      [running, alone] = [running + 1, task.alone];
      const end = () => {
        for (const name of task.exclusive) held.delete(name);
        [running, alone] = [running - 1, false];
        pump();
      };
      Promise.resolve()
        .then(() => task.run())
        .then(
          (result) => ((results[index] = result), end()),
          (error: unknown) => ((failed ??= { error }), end()),
        );
    };
    pump();
  });
}
