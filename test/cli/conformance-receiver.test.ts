import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/main.ts';
import { selectReceiverChecks } from '../../src/conformance/receiver-suite/runner.ts';
import {
  FAULTY,
  SECRET,
  URL_TEMPLATE,
  nodeReceiver,
} from '../conformance/receiver-suite/receivers.ts';
import { type Served, serve } from '../webhooks/http-harness.ts';
import { BIN, runNode } from './cli-process.ts';
import { runMain } from '../support/run-main.ts';

let dir = '';
let served: Served | undefined;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-receiver-conformance-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(async () => {
  await served?.close();
  served = undefined;
});

const run = runMain;

/** How many checks run when `--only` is not given: the default set. */
const CHECKS = selectReceiverChecks(undefined).length;

const RECEIVER = 'http://127.0.0.1:9/hooks/{version}/{event}';

describe('service-contract conformance --receiver: usage errors exit 2', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['neither --profile nor --receiver', [], /--profile <file> is required \(or --receiver/],
    ['--receiver without --secret', ['--receiver', RECEIVER], /--receiver needs --secret/],
    [
      'a secret that is not whsec_',
      ['--receiver', RECEIVER, '--secret', 'sk_live_1'],
      /--secret is not usable: a signing secret starts with "whsec_"/,
    ],
    [
      'a URL that is not http(s)',
      ['--receiver', 'file:///etc/passwd', '--secret', SECRET],
      /--receiver takes an http or https URL/,
    ],
    [
      'an unknown version',
      ['--receiver', RECEIVER, '--secret', SECRET, '--version', '2031-01-01'],
      /--version takes all or one of v0, 2026-06-01/,
    ],
    [
      '--only naming nothing',
      ['--receiver', RECEIVER, '--secret', SECRET, '--only', 'NOPE-1'],
      /names no receiver check or requirement/,
    ],
    [
      'both --profile and --receiver',
      ['--receiver', RECEIVER, '--secret', SECRET, '--profile', 'p.json'],
      /give one of them/,
    ],
    [
      'a report kind named like a member of Object.prototype',
      ['--receiver', RECEIVER, '--secret', SECRET, '--report', 'constructor:x'],
      /--report takes junit:<file> or json:<file>/,
    ],
  ];
  it.each(cases)('%s', async (_, argv, message) => {
    const { code, output } = await run('conformance', ...argv);
    expect([code, output]).toEqual([EXIT.usage, expect.stringMatching(message)]);
    expect(output).not.toMatch(/\n\s+at /);
  });
});

async function receiverUrl(listener: Parameters<typeof serve>[0]): Promise<string> {
  served = await serve(listener);
  return served.url.replace(/\/hook$/, URL_TEMPLATE);
}

describe('service-contract conformance --receiver against a webhook endpoint', () => {
  it('passes a correct receiver: exit 0, JSON and JUnit reports without the secret', async () => {
    const url = await receiverUrl(nodeReceiver());
    const json = join(dir, 'receiver.json');
    const junit = join(dir, 'receiver.xml');
    const { code, output } = await run(
      ...['conformance', '--receiver', url, '--secret', SECRET, '--version', '2026-08-25'],
      ...['--report', `json:${json}`, '--report', `junit:${junit}`],
    );
    expect([code, output]).toEqual([
      EXIT.ok,
      expect.stringContaining(`${CHECKS} passed, 0 failed`),
    ]);
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report).toMatchObject({ passed: true, receiver: url, versions: ['2026-08-25'] });
    expect(report.results.map((r: { basis: string }) => r.basis)).toContain('implied');
    const xml = new XMLParser({ ignoreAttributes: false }).parse(await readFile(junit, 'utf8'));
    expect(xml.testsuites.testsuite['@_tests']).toBe(String(CHECKS));
    for (const file of [json, junit]) expect(await readFile(file, 'utf8')).not.toContain(SECRET);
  });

  it('fails a receiver with a bug on the check of its rule: exit 1', async () => {
    const [, firstOnly] = FAULTY.find(([name]) => name.includes('first signature'))!;
    const url = await receiverUrl(firstOnly.listener());
    const { code, output } = await run(
      ...['conformance', '--receiver', url, '--secret', SECRET, '--version', 'v0'],
    );
    expect(code).toBe(EXIT.failed);
    expect(output).toMatch(/FAILED\s+v0\s+dlv-03-secret-rotation/);
    expect(output).toContain(`${CHECKS - 1} passed, 1 failed`);
  });
});

describe('service-contract conformance --receiver as a process (the compiled bin)', () => {
  it.each([
    ['a correct receiver', nodeReceiver, EXIT.ok, new RegExp(`${CHECKS} passed, 0 failed`)],
    [
      'a receiver that ignores the timestamp',
      FAULTY.find(([name]) => name.includes('timestamp'))![1].listener,
      EXIT.failed,
      new RegExp(
        `DLV-02 +FAILED +dlv-02-missing-header, dlv-02-timestamp-tolerance[\\s\\S]*${CHECKS - 1} passed, 1 failed`,
      ),
    ],
  ])('%s', async (_, listener, exit, summary) => {
    const url = await receiverUrl(listener());
    const argv = ['conformance', '--receiver', url, '--secret', SECRET, '--version', '2026-08-25'];
    const { code, stdout, stderr } = await runNode([BIN, ...argv]);
    expect([code, stdout]).toEqual([exit, expect.stringMatching(summary)]);
    // Progress goes to standard error, one line per check.
    expect(stderr.trim().split('\n')).toHaveLength(CHECKS);
  });
});
