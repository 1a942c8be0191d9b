import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/main.ts';
import { profileOf } from '../../src/reference/profile.ts';
import { useReferenceServer } from '../support/reference-server.ts';
import { runMain } from '../support/run-main.ts';

const reference = useReferenceServer();
let dir = '';
let profileFile = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-report-'));
  profileFile = join(dir, 'profile.json');
  await writeFile(
    profileFile,
    JSON.stringify(profileOf(reference.server.url, reference.server.workspace)),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** One line, no stack: what a usage error prints. */
const oneLine = (output: string) =>
  output.trim().split('\n').length === 1 && !/\n\s+at /.test(output);

describe('conformance --shard: usage errors exit 2', () => {
  it.each([
    ['0/3', /--shard takes k\/n/],
    ['4/3', /1 <= k <= n <= 1000/],
    ['1/1001', /--shard takes/],
    ['x', /--shard takes/],
  ])('--shard %s', async (shard, message) => {
    const { code, output } = await runMain(
      'conformance',
      '--profile',
      profileFile,
      '--shard',
      shard,
    );
    expect([code, output, oneLine(output)]).toEqual([
      EXIT.usage,
      expect.stringMatching(message),
      true,
    ]);
  });

  it('--shard with --generate and no --seed: each shard would draw its own', async () => {
    const { code, output } = await runMain(
      'conformance',
      '--profile',
      profileFile,
      '--shard',
      '1/2',
      '--generate',
    );
    expect([code, output]).toEqual([EXIT.usage, expect.stringContaining('needs --seed')]);
  });

  it('--receiver --shard 3/2', async () => {
    const { code, output } = await runMain(
      'conformance',
      '--receiver',
      'http://127.0.0.1:9/hook',
      '--secret',
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      '--shard',
      '3/2',
    );
    expect([code, output]).toEqual([EXIT.usage, expect.stringMatching(/--shard takes/)]);
  });
});

describe('a shard with no work, then the merge of its run', () => {
  it('says so, passes, writes its report, and merges with the shard that had the work', async () => {
    const files = [1, 2].map((k) => join(dir, `one-check-${k}.json`));
    const run = (k: number) =>
      runMain(
        'conformance',
        '--profile',
        profileFile,
        '--version',
        '2026-08-25',
        '--only',
        'ver-02-version-resolution',
        '--shard',
        `${k}/2`,
        '--report',
        `json:${files[k - 1]}`,
      );
    const [first, second] = [await run(1), await run(2)];
    expect(first.code).toBe(EXIT.ok);
    expect([second.code, second.output]).toEqual([
      EXIT.ok,
      expect.stringContaining('shard 2/2 has no work'),
    ]);
    expect(JSON.parse(await readFile(files[1]!, 'utf8'))).toMatchObject({
      passed: true,
      results: [],
      shard: { k: 2, n: 2 },
      suite: expect.any(String),
      fingerprint: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      only: ['ver-02-version-resolution'],
    });
    const merged = join(dir, 'one-check-merged.json');
    const merge = await runMain(
      'report',
      'merge',
      dir + '/one-check-*.json',
      '--report',
      `json:${merged}`,
    );
    expect(merge.code, merge.output).toBe(EXIT.ok);
    expect(merge.output).toMatch(/1 results \(1 version\): 1 passed/);
    const report = JSON.parse(await readFile(merged, 'utf8'));
    expect(report).toMatchObject({ passed: true, counts: { passed: 1 } });
    expect(report).not.toHaveProperty('shard');
    // Alone, the shard that had the work is refused: the other is missing.
    const alone = await runMain('report', 'merge', files[0]!);
    expect([alone.code, alone.output]).toEqual([
      EXIT.usage,
      expect.stringMatching(/shard 2 of 2 \(versions 2026-08-25\) is missing/),
    ]);
  });
});

describe('report merge: usage errors exit 2 with one line', () => {
  const cases: Array<[string, () => Promise<string[]>, RegExp]> = [
    [
      'a file that does not exist',
      async () => [join(dir, 'nope.json')],
      /cannot read .*nope\.json: ENOENT/,
    ],
    [
      'a file that is not JSON',
      async () => {
        await writeFile(join(dir, 'text.json'), 'not json');
        return [join(dir, 'text.json')];
      },
      /text\.json is not JSON/,
    ],
    [
      'a JUnit report',
      async () => {
        await writeFile(join(dir, 'junit.json'), JSON.stringify({ testsuites: {} }));
        return [join(dir, 'junit.json')];
      },
      /junit\.json is not a conformance JSON report/,
    ],
    [
      'a directory without reports',
      async () => {
        await mkdir(join(dir, 'empty'), { recursive: true });
        return [join(dir, 'empty')];
      },
      /empty holds no \.json report/,
    ],
    ['a pattern matching nothing', async () => [join(dir, 'zzz-*.json')], /no file matches/],
    [
      'an unknown report kind',
      async () => [join(dir, 'x.json'), '--report', 'xml:a.xml'],
      /--report takes/,
    ],
  ];
  it.each(cases)('%s', async (_, args, message) => {
    const { code, output } = await runMain('report', 'merge', ...(await args()));
    expect([code, output]).toEqual([EXIT.usage, expect.stringMatching(message)]);
  });

  it('no report named (commander says so on standard error)', async () => {
    expect((await runMain('report', 'merge')).code).toBe(EXIT.usage);
  });

  it('a file past the size bound is refused before it is read', async () => {
    const big = join(dir, 'big.json');
    const { MAX_REPORT_BYTES } = await import('../../src/cli/report-files.ts');
    await writeFile(big, Buffer.alloc(MAX_REPORT_BYTES + 1, 0x20));
    const { code, output } = await runMain('report', 'merge', big);
    expect([code, output]).toEqual([
      EXIT.usage,
      expect.stringMatching(/over the \d+ a report may have/),
    ]);
  });
});
