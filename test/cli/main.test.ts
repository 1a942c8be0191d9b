import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import vectorFile from '../fixtures/webhooks/signature-vectors.json' with { type: 'json' };

const run = promisify(execFile);
const bin = join(PROJECT_ROOT, 'bin', 'service-contract.js');
const dir = mkdtempSync(join(tmpdir(), 'service-contract-cli-'));

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function cli(args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { cwd: PROJECT_ROOT });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const vector = vectorFile.vectors[0]!;
const headers = { 'webhook-id': vector.id, 'webhook-timestamp': String(vector.timestamp), 'webhook-signature': vector.expected.header! };
const envelope = { type: 'chat.message', eventId: 'e1', timestamp: 1, apiVersion: '2026-08-25', data: { chatType: 'dm' } };
const paths = {
  headers: file('headers.json', JSON.stringify(headers)),
  body: file('body.json', vector.body),
  tampered: file('tampered.json', vector.body.replace('2432', '2433')),
  notObject: file('list.json', '[1]'),
  valid: file('valid.json', JSON.stringify(envelope)),
  stale: file('stale.json', JSON.stringify({ ...envelope, apiVersion: '2026-07-07' })),
  message: file('message.json', JSON.stringify({ type: 'message', contentType: 'text', sender: 'U-3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10', chat: 'C-5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11', timestamp: 1 })),
};
const verify = (...extra: string[]) => ['verify', '--secret', vector.secret, '--headers', paths.headers, ...extra];

describe('service-contract', () => {
  const cases: Array<[string, { args: string[]; code: number; says: RegExp }]> = [
    ['lists its commands on --help', { args: ['--help'], code: 0, says: /build[\s\S]*validate[\s\S]*verify[\s\S]*diff[\s\S]*mock[\s\S]*proxy/ }],
    ['refuses an unknown command with 2', { args: ['frobnicate'], code: 2, says: /unknown command/ }],
    ['validate: a valid enveloped payload gives 0', { args: ['validate', '--version', '2026-08-25', '--event', 'chat.message', paths.valid], code: 0, says: /^valid/ }],
    ['validate: a v0 chat message gives 0', { args: ['validate', '--version', 'v0', '--event', 'chat:message:dm', paths.message], code: 0, says: /^valid/ }],
    ['validate: VER-08 apiVersion of another version gives 1 and says which', { args: ['validate', '--version', '2026-08-25', '--event', 'chat.message', paths.stale], code: 1, says: /\/apiVersion must be equal to constant: "2026-08-25"/ }],
    ['validate: an unknown version gives 2', { args: ['validate', '--version', '2025-01-01', '--event', 'chat.message', paths.valid], code: 2, says: /no contract for version/ }],
    ['validate: an unknown event gives 2', { args: ['validate', '--version', 'v0', '--event', 'chat.message', paths.message], code: 2, says: /has no event/ }],
    ['validate: a missing --event gives 2', { args: ['validate', '--version', 'v0', paths.message], code: 2, says: /--event/ }],
    ['validate: an unreadable file gives 2', { args: ['validate', '--version', 'v0', '--event', 'chat:message:dm', join(dir, 'nope.json')], code: 2, says: /cannot read/ }],
    ['verify: DLV-03 the pinned vector verifies, 0', { args: verify('--body', paths.body, '--now', String(vector.timestamp)), code: 0, says: /^verified/ }],
    ['verify: DLV-03 a tampered body is rejected, 1', { args: verify('--body', paths.tampered, '--now', String(vector.timestamp)), code: 1, says: /rejected \(signature_mismatch\)/ }],
    ['verify: an old delivery is rejected at the real clock, 1', { args: verify('--body', paths.body), code: 1, says: /timestamp_too_old/ }],
    ['verify: AUTH-12 a secret without whsec_ gives 2', { args: ['verify', '--secret', 'abc', '--headers', paths.headers, '--body', paths.body], code: 2, says: /whsec_/ }],
    ['verify: headers that are not a JSON object give 2', { args: ['verify', '--secret', vector.secret, '--headers', paths.notObject, '--body', paths.body], code: 2, says: /JSON object/ }],
    ['verify: a missing --body gives 2', { args: verify(), code: 2, says: /--body/ }],
    ['diff: VER-08 lists the envelope change as breaking', { args: ['diff', '2026-06-01', '2026-07-07'], code: 0, says: /2026-06-01 -> 2026-07-07: \d+ changes, [1-9]\d* breaking[\s\S]*breaking +webhook chat.message/ }],
    ['diff: VER-09 finds nothing between 2026-07-07 and 2026-07-23', { args: ['diff', '2026-07-07', '2026-07-23'], code: 0, says: /0 changes, 0 breaking/ }],
    ['diff: --json prints the changes', { args: ['diff', '2026-08-20', '2026-08-25', '--json'], code: 0, says: /"kind": "breaking"/ }],
    ['diff: an unknown version gives 2', { args: ['diff', '2026-06-01', '2030-01-01'], code: 2, says: /unknown version "2030-01-01"/ }],
    ['serve: a time scale below 1 gives 2', { args: ['serve', '--port', '0', '--time-scale', '0.5'], code: 2, says: /--time-scale/ }],
    ['serve: a time scale that is no number gives 2', { args: ['serve', '--port', '0', '--time-scale', 'fast'], code: 2, says: /--time-scale/ }],
  ];
  it.each(cases)('%s', async (_, { args, code, says }) => {
    const result = await cli(args);
    expect(result.output).toMatch(says);
    expect(result.code).toBe(code);
  });
});
