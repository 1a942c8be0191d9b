import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_STEPS } from '../../scripts/build.ts';
import { GENERATED_HEADER } from '../../scripts/build/generated-header.ts';
import { listFiles } from '../../scripts/build/schema-files.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';

// generated/ is committed: the build from the hand-written sources alone, in a copy of the
// repository without generated/, run as `npm run build` runs it, writes it anew, byte for byte as
// committed. (The last step, the compile to dist/, reads what these wrote.) This is the one fresh
// build of generated/ per test run: it also tells a contributor who edited a source without
// building what to run.
const run = promisify(execFile);
const SOURCES = [
  'openapi',
  'schemas',
  'scripts',
  'src',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'redocly.yaml',
];
const WRITING_STEPS = ['registry', 'lint', 'bundle', 'types', 'validators', 'schemas'];
const FIX = 'generated/ is out of date: run `npm run build` and commit the result';
const copy = mkdtempSync(join(tmpdir(), 'service-contract-cold-'));
/** What the build printed: a line per step it ran. */
let built = '';

beforeAll(async () => {
  for (const source of SOURCES)
    cpSync(join(PROJECT_ROOT, source), join(copy, source), { recursive: true });
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  // The whole build in one process, as `npm run build` runs it: a process per step cost a second
  // of CPU each. Its last step finds dist/ compiled from the same inputs in the shared cache.
  const tsx = join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');
  const { stdout } = await run(tsx, ['scripts/build.ts'], {
    cwd: copy,
    maxBuffer: 16 * 1024 * 1024,
  });
  built = stdout;
}, 180_000);
// An installed copy is large: removing it on a busy machine takes longer than a hook's default.
afterAll(() => rm(copy, { recursive: true, force: true }), 120_000);

describe('a build from openapi/ and schemas/ alone', () => {
  it('runs every step that writes generated/, in the build order', () => {
    expect(existsSync(join(PROJECT_ROOT, 'generated'))).toBe(true);
    const order = BUILD_STEPS.map(([name]) => name);
    expect(order.slice(0, WRITING_STEPS.length)).toEqual(WRITING_STEPS);
    for (const step of WRITING_STEPS) expect(built).toMatch(new RegExp(`^build:${step} `, 'm'));
  });

  it('writes the committed generated/ byte for byte', async () => {
    const committed = join(PROJECT_ROOT, 'generated');
    const written = join(copy, 'generated');
    expect(listFiles(committed), FIX).toEqual(listFiles(written));
    for (const path of listFiles(written))
      expect(await readFile(join(committed, path), 'utf8'), `${path}: ${FIX}`).toBe(
        await readFile(join(written, path), 'utf8'),
      );
  });

  it('starts every generated file with the do-not-edit header', async () => {
    for (const path of listFiles(join(PROJECT_ROOT, 'generated'))) {
      const head = (await readFile(join(PROJECT_ROOT, 'generated', path), 'utf8')).slice(0, 200);
      expect(head.includes(GENERATED_HEADER), path).toBe(true);
    }
  });
});
