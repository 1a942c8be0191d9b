import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';

const run = promisify(execFile);
const bin = join(PROJECT_ROOT, 'bin', 'service-contract.js');

async function cli(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { cwd: PROJECT_ROOT });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('service-contract', () => {
  const cases: Array<[string, { args: string[]; code: number; says: RegExp }]> = [
    ['lists its commands on --help', { args: ['--help'], code: 0, says: /build/ }],
    ['refuses an unknown command with usage status 2', { args: ['frobnicate'], code: 2, says: /unknown command/ }],
  ];
  it.each(cases)('%s', async (_, { args, code, says }) => {
    const result = await cli(...args);
    expect(result.code).toBe(code);
    expect(result.output).toMatch(says);
  });
});
