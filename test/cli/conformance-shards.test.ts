import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/main.ts';
import { serve, type Served } from '../webhooks/http-harness.ts';
import { SECRET, URL_TEMPLATE, nodeReceiver } from '../conformance/receiver-suite/receivers.ts';
import { runCli as cli, said } from './cli-process.ts';
import { normalizedReport } from './normalized-report.ts';

// The receiver suite's shards merge into what one run reports. The implementation suite's shards
// (every shard's exit, the merge against the whole run, every report kind) are
// conformance-shard-verdicts.test.ts's.
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-shards-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
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
