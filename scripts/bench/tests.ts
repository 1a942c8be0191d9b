import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PROJECT_ROOT } from '../../src/project-root.ts';

// `npm run bench -- tests` (not part of a whole `npm run bench`: it runs every test, minutes long):
// the whole test run's CPU, and each file's share of it, against the budget of `npm test` in 5
// minutes on 2 cores. The run is bound by CPU: cutting a file's CPU is what shortens it.
const BUDGET_CPU_S = 2 * 300;
const SHOWN = 25;

interface FileCpu {
  file: string;
  self: number;
  children: number;
  wall: number;
}

export function run(): void {
  const dir = mkdtempSync(join(tmpdir(), 'service-bench-tests-'));
  const out = join(dir, 'files.ndjson');
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [join(PROJECT_ROOT, 'node_modules', '.bin', 'vitest'), 'run'],
    {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, SERVICE_TEST_CPU: out },
    },
  );
  const wall = (performance.now() - started) / 1000;
  const files = readFileSync(out, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as FileCpu)
    .map((f) => ({ ...f, cpu: f.self + f.children }))
    // The runs a test starts in a copy of the project (the version walk's) inherit the variable:
    // their CPU is already the starting file's, as its children's.
    .filter((f) => !relative(PROJECT_ROOT, f.file).startsWith('..'))
    .sort((a, b) => b.cpu - a.cpu);
  rmSync(dir, { recursive: true, force: true });
  const total = files.reduce((sum, f) => sum + f.cpu, 0);
  console.log(
    `tests: ${files.length} files in ${wall.toFixed(0)} s (vitest exited ${result.status}), ${total.toFixed(0)} s of CPU: ${(total / BUDGET_CPU_S).toFixed(2)}x the ${BUDGET_CPU_S} s of 5 minutes on 2 cores (target <= 0.8: the static checks take the rest)`,
  );
  for (const f of files.slice(0, SHOWN))
    console.log(
      `  ${f.cpu.toFixed(1).padStart(6)} s CPU (${((100 * f.cpu) / total).toFixed(1).padStart(4)}%, ${f.children.toFixed(1)} in child processes), ${f.wall.toFixed(0).padStart(4)} s wall  ${relative(PROJECT_ROOT, f.file)}`,
    );
}
