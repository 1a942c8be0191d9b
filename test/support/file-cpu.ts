import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';

// `npm run bench -- tests`: the CPU each test file costs, its worker's own and that of the child
// processes it ran (servers, npm, tsc, the CLI), read from /proc at the file's start and end. A
// worker runs its files one at a time, so the difference is the file's. Linux only; elsewhere the
// file records nothing.
const OUT = process.env.SERVICE_TEST_CPU;

/** utime, stime, cutime and cstime, in clock ticks (100 a second on Linux). */
function ticks(): number[] | undefined {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return [11, 12, 13, 14].map((at) => Number(fields[at]));
  } catch {
    return undefined;
  }
}

const started = ticks();
const startedAt = performance.now();

afterAll(() => {
  const ended = ticks();
  if (!OUT || !started || !ended) return;
  const spent = ended.map((value, at) => (value - started[at]!) / 100);
  const line = {
    file: expect.getState().testPath ?? '',
    self: spent[0]! + spent[1]!,
    children: spent[2]! + spent[3]!,
    wall: (performance.now() - startedAt) / 1000,
  };
  appendFileSync(OUT, `${JSON.stringify(line)}\n`);
});
