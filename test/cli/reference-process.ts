import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { BIN, startNode } from './cli-process.ts';

// The time scale of the runner's tests: waits of 17 and 83 ms, a 200 ms debounce, a 2 s day.
const SCALE = 'retries=3600,debounce=50,failStreak=43200';

/** A reference server process, its address and the profile it wrote. */
export interface ReferenceProcess {
  child: ChildProcess;
  url: string;
  profile: string;
}

/**
 * A reference server started as users start it (`serve --port 0 ... --profile-out`), its data
 * and profile in `dir` under `name`; the caller stops it (cli-process.ts `stop`).
 */
export async function startReferenceProcess(dir: string, name: string): Promise<ReferenceProcess> {
  const profile = join(dir, `${name}-profile.json`);
  const { child, stdout } = await startNode(
    [
      BIN,
      'serve',
      '--port',
      '0',
      '--data',
      join(dir, `${name}-data`),
      '--profile-out',
      profile,
      '--time-scale',
      SCALE,
      '--trigger-events',
      '--allow-local-destinations',
    ],
    /listening on \S+ /,
  );
  return { child, url: /listening on (\S+) /.exec(stdout)![1]!, profile };
}
