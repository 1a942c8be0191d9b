// run/: what a check is and runs with: its context, needs, expected answers, pool, results.
/** One unit of work for the pool: what it holds while it runs, and how to run it. */
export interface PoolTask<T> {
  /** Names no other task holding one of them may run alongside (Check.exclusive). */
  exclusive: readonly string[];
  /** Names other tasks sharing them may run alongside, but none holding them exclusive. */
  shared: readonly string[];
  /**
   * Starts once no task but background ones runs, and then only background tasks (and, for
   * `together`, other `together` ones) start beside it (Check.quiet).
   */
  quiet?: 'together' | 'alone';
  /** Mostly waits: runs beside quiet tasks too (Check.background). */
  background: boolean;
  run(): Promise<T>;
}

/**
 * Runs `tasks` at most `limit` at a time, never two that hold a name where one holds it exclusive,
 * and beside a quiet task only what it lets run (PoolTask.quiet); each starts as soon as it may,
 * the earlier in `tasks` first. Resolves with the results in the order of `tasks`, whatever order
 * they end in; rejects with the first task that rejects, once the tasks started have ended.
 */
export function runPooled<T>(tasks: readonly PoolTask<T>[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  const pending = tasks.map((_, index) => index);
  const exclusive = new Set<string>();
  const shared = new Map<string, number>();
  // `busy`: running tasks that are neither background nor quiet; then running quiet tasks.
  let [running, busy, together, alone] = [0, 0, 0, 0];
  let failed: { error: unknown } | undefined;
  const taken = (name: string) => exclusive.has(name) || shared.has(name);
  const share = (name: string, by: number) => {
    const count = (shared.get(name) ?? 0) + by;
    if (count > 0) shared.set(name, count);
    else shared.delete(name);
  };
  const allowed = ({ background, quiet }: PoolTask<T>) => {
    if (background) return true;
    if (quiet === 'alone') return busy + together + alone === 0;
    if (quiet === 'together') return busy + alone === 0;
    return together + alone === 0;
  };
  const free = (task: PoolTask<T>) =>
    running < limit &&
    allowed(task) &&
    task.exclusive.every((name) => !taken(name)) &&
    task.shared.every((name) => !exclusive.has(name));
  return new Promise<T[]>((resolve, reject) => {
    const pump = () => {
      for (let i = 0; !failed && i < pending.length;) {
        if (free(tasks[pending[i]!]!)) start(pending.splice(i, 1)[0]!);
        else i += 1;
      }
      if (running > 0) return;
      if (failed) reject(failed.error);
      else if (pending.length === 0) resolve(results);
    };
    const start = (index: number) => {
      const task = tasks[index]!;
      const counts = (by: number) => {
        running += by;
        if (task.background) return;
        if (task.quiet === 'alone') alone += by;
        else if (task.quiet === 'together') together += by;
        else busy += by;
      };
      for (const name of task.exclusive) exclusive.add(name);
      for (const name of task.shared) share(name, 1);
      counts(1);
      const end = () => {
        for (const name of task.exclusive) exclusive.delete(name);
        for (const name of task.shared) share(name, -1);
        counts(-1);
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
