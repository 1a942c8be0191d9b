import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/main.ts';
import { loadVersionRegistry } from '../../src/versions.ts';
import { serve, type Served } from '../webhooks/http-harness.ts';
import { SECRET, URL_TEMPLATE, nodeReceiver } from '../conformance/receiver-suite/receivers.ts';
import { runCli as cli, said, stop } from './cli-process.ts';
import { normalizedReport } from './normalized-report.ts';
import { startReferenceProcess } from './reference-process.ts';

const VERSION = loadVersionRegistry().latest;
// Checks of each kind the partition places: holding an event's deliveries exclusive, sharing one,
// naming nothing. The quiet ones are left out: their bounds are tighter than the stalls a dozen
// suites side by side on two cores cause in the reference server beside them (shards keep them
// together all the same: check-units.test.ts).
const CHECK_IDS = [
  'dlv-01-post',
  'dlv-02-headers',
  'dlv-06-attempts',
  'ver-08-payload-shape',
  'sub-07-v1-list',
  'ver-10-mention-render',
  'sub-02-upsert',
  'ver-02-version-resolution',
  'ver-03-version-header',
  'ver-04-unsupported-version',
  'auth-01-missing-credential',
  'eph-01-post',
  'sub-08-list-scope',
];

let dir = '';
const servers: ChildProcess[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-shards-'));
});
afterAll(async () => {
  await Promise.all(servers.map(stop));
  await rm(dir, { recursive: true, force: true });
});

/**
 * A reference server of its own for one run (the shards of one run share it, as they would in CI;
 * two runs at once would hear each other's deliveries); its profile's file.
 */
async function referenceServer(name: string): Promise<string> {
  const { child, profile } = await startReferenceProcess(dir, name);
  servers.push(child);
  return profile;
}

/** Runs the n shards of a command side by side, then merges their reports; the merge's outcome. */
async function shardsMerged(command: (profile: string) => string[], n: number, name: string) {
  const args = command(await referenceServer(`${name}-${n}`));
  const files = Array.from({ length: n }, (_, i) => join(dir, `${name}-${n}-${i + 1}.json`));
  const shards = await Promise.all(
    files.map((file, i) => cli(...args, '--shard', `${i + 1}/${n}`, '--report', `json:${file}`)),
  );
  const merged = join(dir, `${name}-${n}-merged.json`);
  const junit = join(dir, `${name}-${n}-merged.xml`);
  const html = join(dir, `${name}-${n}-merged.html`);
  const merge = await cli(
    'report',
    'merge',
    ...files,
    '--report',
    `json:${merged}`,
    '--report',
    `junit:${junit}`,
    '--report',
    `html:${html}`,
  );
  return { shards, merge, merged, junit, html };
}

describe('conformance --shard: the merged shards report what one run reports', () => {
  it('against the reference server, generated requests included, for 1, 2, 3 and 5 shards', async () => {
    const args = (profile: string) => [
      'conformance',
      '--profile',
      profile,
      '--version',
      VERSION,
      '--only',
      [...CHECK_IDS, 'generated'].join(','),
      '--generate',
      '--seed',
      '20261126',
      '--max-examples',
      '3',
    ];
    const whole = join(dir, 'whole.json');
    // A few suites at once, not all: on two cores a dozen would starve the servers.
    const [one, shard1] = await Promise.all([
      referenceServer('whole').then((profile) =>
        cli(...args(profile), '--report', `json:${whole}`),
      ),
      shardsMerged(args, 1, 'server'),
    ]);
    const sharded = [
      shard1,
      ...(await Promise.all([2, 3].map((n) => shardsMerged(args, n, 'server')))),
    ];
    sharded.push(await shardsMerged(args, 5, 'server'));
    expect(one.code, said(one)).toBe(EXIT.ok);
    const want = await normalizedReport(whole);
    expect(want.generated.runs.length).toBeGreaterThan(4);
    for (const { shards, merge, merged, junit, html } of sharded) {
      for (const shard of shards) expect(shard.code, said(shard)).toBe(EXIT.ok);
      expect(merge.code, said(merge)).toBe(EXIT.ok);
      expect(merge.stdout).toMatch(/By requirement:[\s\S]*\d+ results \(2 versions\)/);
      expect(await normalizedReport(merged)).toEqual(want);
      // Every kind of report is written from the merged run: a test case per result.
      const cases = (await readFile(junit, 'utf8')).match(/<testcase /g)?.length;
      expect(cases).toBe(want.results.length);
      expect(await readFile(html, 'utf8')).toMatch(/^<!doctype html>/i);
      // What the shards exercised together is what one run exercised.
      const { exercised } = JSON.parse(await readFile(whole, 'utf8'));
      expect(exercised.answers.length).toBeGreaterThan(10);
      expect(JSON.parse(await readFile(merged, 'utf8')).exercised).toEqual(exercised);
    }
  }, 150_000);
});

describe('conformance --receiver --shard', () => {
  let served: Served | undefined;
  afterAll(() => served?.close());

  it('the merged shards of the receiver suite report what one run reports', async () => {
    served = await serve(nodeReceiver());
    const url = served.url.replace(/\/hook$/, URL_TEMPLATE);
    const args = ['conformance', '--receiver', url, '--secret', SECRET, '--version', 'all'];
    const receiverShards = async (n: number) => {
      const files = Array.from({ length: n }, (_, i) => join(dir, `receiver-${n}-${i + 1}.json`));
      const shards = await Promise.all(
        files.map((file, i) =>
          cli(...args, '--shard', `${i + 1}/${n}`, '--report', `json:${file}`),
        ),
      );
      const merged = join(dir, `receiver-${n}-merged.json`);
      const merge = await cli(
        'report',
        'merge',
        dir + '/receiver-' + n + '-?.json',
        '--report',
        `json:${merged}`,
      );
      return { shards, merge, merged };
    };
    const whole = join(dir, 'receiver-whole.json');
    const [one, ...sharded] = await Promise.all([
      cli(...args, '--report', `json:${whole}`),
      ...[2, 3].map(receiverShards),
    ]);
    expect(one.code, said(one)).toBe(EXIT.ok);
    for (const { shards, merge, merged } of sharded) {
      for (const shard of shards) expect(shard.code, said(shard)).toBe(EXIT.ok);
      expect(merge.code, said(merge)).toBe(EXIT.ok);
      expect(await normalizedReport(merged)).toEqual(await normalizedReport(whole));
    }
  }, 30_000);
});
