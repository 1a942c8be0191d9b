import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';

// `service-contract diff` as users and CI run it: the compiled CLI as a process.
const bin = join(PROJECT_ROOT, 'bin', 'service-contract.js');

function diff(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [bin, 'diff', ...args], { cwd: PROJECT_ROOT });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  child.stdin.end();
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr })),
  );
}

const MEMBERSHIP =
  '`chat.message` deliveries now arrive only for chats the app is a member of (for a personal token: chats its owner is a member of).';

describe('service-contract diff', () => {
  it('VER-11: the terminal says each change in a sentence, with its requirement and the values before and after', async () => {
    const { code, stdout } = await diff('2026-08-07', '2026-08-20');
    expect(code).toBe(0);
    expect(stdout).toContain(
      [
        'breaking webhook chat.message (VER-11)',
        `  breaking  ${MEMBERSHIP} (VER-11)`,
        '            before: none',
        '            after:  required',
      ].join('\n'),
    );
    expect(stdout).not.toMatch(/undefined|post\/x-membership/);
  });

  it('--json gives each change its sentence and requirements besides the values', async () => {
    const { code, stdout } = await diff('2026-08-07', '2026-08-20', '--json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toContainEqual({
      item: 'webhook chat.message',
      kind: 'breaking',
      at: 'post/x-membership',
      after: 'required',
      requirements: ['VER-11'],
      versions: ['2026-08-20'],
      sentence: MEMBERSHIP,
    });
  });

  it('--format markdown writes a table per item for a pull-request comment', async () => {
    const { code, stdout } = await diff('2026-08-20', '2026-08-25', '--format', 'markdown');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^### Service API 2026-08-20 → 2026-08-25: 8 changes, 2 breaking\n/);
    expect(stdout).toContain('| | Change | Requirements | Before | After |');
    expect(stdout).toContain(
      '| **breaking** | Requests to `POST /chat.postEphemeral` now accept `sender.imageUrl` only as a service-hosted avatar URL; anything else is refused. | VER-12 | <code>none</code> | <code>service-hosted</code> |',
    );
  });

  const exits: Array<[string, { args: string[]; code: number }]> = [
    [
      '--fail-on breaking with a breaking change',
      { args: ['2026-08-20', '2026-08-25', '--fail-on', 'breaking'], code: 1 },
    ],
    [
      '--fail-on breaking with none (VER-09)',
      { args: ['2026-07-07', '2026-07-23', '--fail-on', 'breaking'], code: 0 },
    ],
    [
      '--fail-on any with a change',
      { args: ['2026-07-07', '2026-08-07', '--fail-on', 'any'], code: 1 },
    ],
    [
      'without --fail-on, breaking changes still exit 0',
      { args: ['2026-08-20', '2026-08-25'], code: 0 },
    ],
    [
      'an unknown --fail-on is a usage error',
      { args: ['2026-08-20', '2026-08-25', '--fail-on', 'minor'], code: 2 },
    ],
    [
      'an unknown --format is a usage error',
      { args: ['2026-08-20', '2026-08-25', '--format', 'html'], code: 2 },
    ],
  ];
  it.each(exits)('%s', async (_, { args, code }) => {
    const result = await diff(...args);
    expect(result.code, result.stderr).toBe(code);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
