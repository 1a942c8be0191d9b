import type { ChildProcess } from 'node:child_process';

/** The processes a benchmark started and has not seen end. */
const owned = new Set<ChildProcess>();
let hooked = false;

/** Ends every process the benchmark still owns. */
function endAll(): void {
  for (const child of owned) child.kill();
}

/**
 * Ties `child` to this process: it is ended when this process exits, on success or on failure
 * (a benchmark that throws exits at once, past its `finally`), or is interrupted.
 */
export function own<T extends ChildProcess>(child: T): T {
  owned.add(child);
  child.once('exit', () => owned.delete(child));
  if (!hooked) {
    hooked = true;
    process.once('exit', endAll);
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.once(signal, () => {
        endAll();
        process.exit(130);
      });
  }
  return child;
}
