import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import vectorFile from '../fixtures/webhooks/signature-vectors.json' with { type: 'json' };

const bin = join(PROJECT_ROOT, 'bin', 'service-contract.js');
const dir = mkdtempSync(join(tmpdir(), 'service-contract-cli-'));

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** Runs the CLI as a process, with `stdin` as its standard input (closed when absent). */
function cli(args: string[], stdin = ''): Promise<{ code: number; output: string }> {
  const child = spawn(process.execPath, [bin, ...args], { cwd: PROJECT_ROOT });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  child.stdin.end(stdin);
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code: code ?? 1, output })),
  );
}

const vector = vectorFile.vectors[0]!;
const headers = {
  'webhook-id': vector.id,
  'webhook-timestamp': String(vector.timestamp),
  'webhook-signature': vector.expected.header!,
};
const envelope = {
  type: 'chat.message',
  eventId: 'e1',
  timestamp: 1,
  apiVersion: '2026-08-25',
  data: { chatType: 'dm' },
};
const paths = {
  headers: file('headers.json', JSON.stringify(headers)),
  body: file('body.json', vector.body),
  tampered: file('tampered.json', vector.body.replace('2432', '2433')),
  notObject: file('list.json', '[1]'),
  valid: file('valid.json', JSON.stringify(envelope)),
  stale: file('stale.json', JSON.stringify({ ...envelope, apiVersion: '2026-07-07' })),
  message: file(
    'message.json',
    JSON.stringify({
      type: 'message',
      contentType: 'text',
      sender: 'U-3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10',
      chat: 'C-5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11',
      timestamp: 1,
    }),
  ),
};
const verify = (...extra: string[]) => [
  'verify',
  '--secret',
  vector.secret,
  '--headers',
  paths.headers,
  ...extra,
];

describe('service-contract', () => {
  const cases: Array<[string, { args: string[]; code: number; says: RegExp }]> = [
    [
      'lists its commands on --help',
      {
        args: ['--help'],
        code: 0,
        says: /validate[\s\S]*verify[\s\S]*diff[\s\S]*mock[\s\S]*proxy[\s\S]*serve[\s\S]*conformance/,
      },
    ],
    [
      'refuses an unknown command with 2',
      { args: ['frobnicate'], code: 2, says: /unknown command/ },
    ],
    [
      'validate: a valid enveloped payload gives 0',
      {
        args: ['validate', '--version', '2026-08-25', '--event', 'chat.message', paths.valid],
        code: 0,
        says: /^1 payload for 2026-08-25: 1 valid, 0 invalid$/m,
      },
    ],
    [
      'validate: a v0 chat message gives 0',
      {
        args: ['validate', '--version', 'v0', '--event', 'chat:message:dm', paths.message],
        code: 0,
        says: /^1 payload for v0: 1 valid, 0 invalid$/m,
      },
    ],
    [
      'validate: VER-08 apiVersion of another version gives 1 and says which',
      {
        args: ['validate', '--version', '2026-08-25', '--event', 'chat.message', paths.stale],
        code: 1,
        says: /\/apiVersion must be equal to constant: "2026-08-25"/,
      },
    ],
    [
      'validate: an unknown version gives 2',
      {
        args: ['validate', '--version', '2025-01-01', '--event', 'chat.message', paths.valid],
        code: 2,
        says: /no contract for version/,
      },
    ],
    [
      'validate: an unknown event gives 2',
      {
        args: ['validate', '--version', 'v0', '--event', 'chat.message', paths.message],
        code: 2,
        says: /has no event/,
      },
    ],
    [
      'validate: a missing --event gives 2',
      { args: ['validate', '--version', 'v0', paths.message], code: 2, says: /--event/ },
    ],
    [
      'validate: an unreadable file gives 2',
      {
        args: ['validate', '--version', 'v0', '--event', 'chat:message:dm', join(dir, 'nope.json')],
        code: 2,
        says: /cannot read/,
      },
    ],
    [
      'verify: DLV-03 the pinned vector verifies, 0',
      {
        args: verify('--body', paths.body, '--now', String(vector.timestamp)),
        code: 0,
        says: /^verified/,
      },
    ],
    [
      'verify: DLV-03 a tampered body is rejected, 1',
      {
        args: verify('--body', paths.tampered, '--now', String(vector.timestamp)),
        code: 1,
        says: /rejected \(signature_mismatch\)/,
      },
    ],
    [
      'verify: an old delivery is rejected at the real clock, 1',
      { args: verify('--body', paths.body), code: 1, says: /timestamp_too_old/ },
    ],
    [
      'verify: AUTH-12 a secret without whsec_ gives 2',
      {
        args: ['verify', '--secret', 'abc', '--headers', paths.headers, '--body', paths.body],
        code: 2,
        says: /whsec_/,
      },
    ],
    [
      'verify: headers that are not a JSON object give 2',
      {
        args: [
          'verify',
          '--secret',
          vector.secret,
          '--headers',
          paths.notObject,
          '--body',
          paths.body,
        ],
        code: 2,
        says: /JSON object/,
      },
    ],
    ['verify: a missing --body gives 2', { args: verify(), code: 2, says: /--body/ }],
    [
      'diff: VER-08 lists the envelope change as breaking',
      {
        args: ['diff', '2026-06-01', '2026-07-07'],
        code: 0,
        says: /2026-06-01 -> 2026-07-07: \d+ changes, [1-9]\d* breaking[\s\S]*breaking +webhook chat.message/,
      },
    ],
    [
      'diff: VER-09 finds nothing between 2026-07-07 and 2026-07-23',
      { args: ['diff', '2026-07-07', '2026-07-23'], code: 0, says: /0 changes, 0 breaking/ },
    ],
    [
      'diff: --json prints the changes',
      { args: ['diff', '2026-08-20', '2026-08-25', '--json'], code: 0, says: /"kind": "breaking"/ },
    ],
    [
      'diff: an unknown version gives 2',
      { args: ['diff', '2026-06-01', '2030-01-01'], code: 2, says: /unknown version "2030-01-01"/ },
    ],
    [
      'serve: a time scale below 1 gives 2',
      { args: ['serve', '--port', '0', '--time-scale', '0.5'], code: 2, says: /--time-scale/ },
    ],
    [
      'serve: a time scale that is no number gives 2',
      { args: ['serve', '--port', '0', '--time-scale', 'fast'], code: 2, says: /--time-scale/ },
    ],
  ];
  it.each(cases)('%s', async (_, { args, code, says }) => {
    const result = await cli(args);
    expect(result.output).toMatch(says);
    expect(result.code).toBe(code);
  });
});

describe('service-contract validate: many inputs in one process', () => {
  const valid = JSON.stringify(envelope);
  const stale = JSON.stringify({ ...envelope, apiVersion: '2026-07-07' });
  const examples = file(
    'examples.json',
    JSON.stringify([
      { description: 'current', data: envelope, valid: true },
      { description: 'pinned elsewhere', data: JSON.parse(stale), valid: false },
    ]),
  );
  const wrongValid = file(
    'wrong-valid.json',
    JSON.stringify({ description: 'said valid', data: JSON.parse(stale), valid: true }),
  );
  const wrongInvalid = file(
    'wrong-invalid.json',
    JSON.stringify({ description: 'said invalid', data: envelope, valid: false }),
  );
  const latest = ['validate', '--version', '2026-08-25'];
  const cases: Array<[string, { args: string[]; stdin?: string; code: number; says: RegExp }]> = [
    [
      'NDJSON on standard input: one line per failing item and a summary',
      {
        args: latest,
        stdin: `${valid}\n${stale}\n\n${valid}\n`,
        code: 1,
        says: /^<stdin>:2: \/apiVersion must be equal to constant[^\n]*\n3 payloads for 2026-08-25: 2 valid, 1 invalid\n$/,
      },
    ],
    [
      'NDJSON: a line that is not JSON is named',
      {
        args: latest,
        stdin: `${valid}\n{oops\n`,
        code: 1,
        says: /^<stdin>:2: the line is not JSON$/m,
      },
    ],
    [
      'one pretty-printed document on standard input',
      {
        args: latest,
        stdin: JSON.stringify(envelope, null, 2),
        code: 0,
        says: /^1 payload for 2026-08-25: 1 valid, 0 invalid$/m,
      },
    ],
    [
      'input that is neither JSON nor NDJSON',
      {
        args: latest,
        stdin: '{\n  "a": \n',
        code: 1,
        says: /<stdin>: the input is neither one JSON document nor NDJSON/,
      },
    ],
    [
      'empty input is a usage error',
      { args: latest, stdin: '', code: 2, says: /nothing to validate/ },
    ],
    [
      'many files: each failing one named',
      {
        args: [...latest, paths.valid, paths.stale, paths.valid],
        code: 1,
        says: new RegExp(
          `^${paths.stale}: [^\\n]*apiVersion[\\s\\S]*3 payloads for 2026-08-25: 2 valid, 1 invalid`,
          'm',
        ),
      },
    ],
    [
      'examples compared with their valid flag',
      {
        args: [...latest, examples],
        code: 0,
        says: /^2 examples for 2026-08-25: 2 as expected, 0 not$/m,
      },
    ],
    [
      'an example said valid that is not',
      {
        args: [...latest, wrongValid],
        code: 1,
        says: /\(said valid\): expected valid, got: \/apiVersion/,
      },
    ],
    [
      'an example said invalid that is valid',
      {
        args: [...latest, wrongInvalid],
        code: 1,
        says: /\(said invalid\): expected invalid, but it is valid/,
      },
    ],
  ];
  it.each(cases)('%s', async (_, { args, stdin, code, says }) => {
    const result = await cli(args, stdin);
    expect(result.output).toMatch(says);
    expect(result.code).toBe(code);
  });
});

describe('service-contract output piped into a reader that stops early', () => {
  it('ends quietly: no EPIPE stack trace', async () => {
    const many = file(
      'many-invalid.ndjson',
      `${JSON.stringify({ ...envelope, apiVersion: '2026-07-07' })}\n`.repeat(20_000),
    );
    const child = spawn(
      'bash',
      [
        '-c',
        `"${process.execPath}" "${bin}" validate --version 2026-08-25 < "${many}" | head -n 1`,
      ],
      { cwd: PROJECT_ROOT },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    await new Promise((resolve) => child.on('close', resolve));
    expect(stdout).toMatch(/^<stdin>:1: \/apiVersion[^\n]*\n$/);
    expect(stderr).toBe('');
  });
});
