import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type { RequestListener } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/main.ts';
import { selectReceiverChecks } from '../../src/conformance/receiver-suite/runner.ts';
import { listVersions, loadVersionRegistry } from '../../src/versions.ts';
import {
  FAULTY,
  SECRET,
  SHAPE_BLIND,
  URL_TEMPLATE,
  nodeReceiver,
} from '../conformance/receiver-suite/receivers.ts';
import {
  plainHmacReceiver,
  standardWebhooksReceiver,
  svixReceiver,
} from '../conformance/receiver-suite/third-party-receivers.ts';
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
const LATEST = loadVersionRegistry().latest;
const ALL = ['v0', ...listVersions()];

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
      /--version takes all, or one or more of v0, 2026-06-01, .* separated by commas; not "2031-01-01"/,
    ],
    [
      'a list naming an unknown version',
      ['--receiver', RECEIVER, '--secret', SECRET, '--version', `${LATEST},v9`],
      /separated by commas; not "v9"$/,
    ],
    [
      'all inside a list: all stands alone',
      ['--receiver', RECEIVER, '--secret', SECRET, '--version', 'all,v0'],
      /separated by commas; not "all"$/,
    ],
    [
      'an empty entry in a list',
      ['--receiver', RECEIVER, '--secret', SECRET, '--version', 'v0,'],
      /separated by commas; not ""$/,
    ],
    [
      '--only naming nothing',
      ['--receiver', RECEIVER, '--secret', SECRET, '--only', 'NOPE-1'],
      /names no receiver check or requirement/,
    ],
    [
      '--only naming the opt-in check by a requirement ID: it is selected by its id only',
      ['--receiver', RECEIVER, '--secret', SECRET, '--only', 'VER-08'],
      /names no receiver check or requirement; .*opt-in, by id only: ver-08-shape-by-version/,
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
        // A failed requirement names the checks that failed it, not every check of it.
        `DLV-02 +FAILED +dlv-02-timestamp-tolerance\\n[\\s\\S]*${CHECKS - 1} passed, 1 failed`,
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

// VER-14: a receiver is tested on the version its subscription receives; one made now is on the
// latest, which the version registry names.
describe('service-contract conformance --receiver --version: the versions a receiver is sent', () => {
  const cases: Array<[string, { version?: string; want: string[] }]> = [
    ['not given: the latest dated version', { want: [LATEST] }],
    ['one version', { version: 'v0', want: ['v0'] }],
    ['a comma-separated list', { version: `v0,${LATEST}`, want: ['v0', LATEST] }],
    [
      'a list out of order, with spaces and a repeat: each once, in the order of the registry',
      { version: `${LATEST}, v0,${LATEST}`, want: ['v0', LATEST] },
    ],
    ['all: v0 and every dated version', { version: 'all', want: ALL }],
  ];
  it.each(cases)('%s', async (_, { version, want }) => {
    const url = await receiverUrl(nodeReceiver());
    const json = join(dir, 'versions.json');
    const { code } = await run(
      ...['conformance', '--receiver', url, '--secret', SECRET],
      ...(version === undefined ? [] : ['--version', version]),
      ...['--report', `json:${json}`],
    );
    expect(code).toBe(EXIT.ok);
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.versions).toEqual(want);
    expect([...new Set(report.results.map((r: { version: string }) => r.version))]).toEqual(want);
    expect(report.results).toHaveLength(want.length * CHECKS);
  });
});

// Receivers as other libraries document them pass; the commonest bug fails exactly its check;
// the opt-in shape check only warns (DLV-01, DLV-03, VER-07).
describe('service-contract conformance --receiver against receivers built without this package', () => {
  const reserializing = FAULTY.find(([name]) => name.includes('re-serialized'))![1].listener;
  const cases: Array<[string, () => RequestListener, string[], number, RegExp[]]> = [
    [
      'standardwebhooks',
      standardWebhooksReceiver,
      [],
      EXIT.ok,
      [new RegExp(`${CHECKS} passed, 0 failed`)],
    ],
    ['svix', svixReceiver, [], EXIT.ok, [new RegExp(`${CHECKS} passed, 0 failed`)]],
    [
      'node:http with its own HMAC',
      plainHmacReceiver,
      [],
      EXIT.ok,
      [new RegExp(`${CHECKS} passed, 0 failed`)],
    ],
    [
      'a receiver that verifies re-serialized JSON',
      reserializing,
      [],
      EXIT.failed,
      [
        /DLV-03 +FAILED/,
        /dlv-03-raw-bytes: a delivery whose body is pretty-printed .* was not acknowledged: 401/,
        /dlv-03-raw-bytes: the same payload as compact JSON was acknowledged: verify the signature over the raw body bytes/,
        new RegExp(`${CHECKS - 1} passed, 1 failed`),
      ],
    ],
    [
      'a receiver that only verifies, with the opt-in shape check: warned, so exit 0',
      SHAPE_BLIND,
      ['--only', 'ver-08-shape-by-version'],
      EXIT.ok,
      [/VER-08 +passed +ver-08-shape-by-version/, /1 results \(1 version\): 1 passed, 0 failed/],
    ],
  ];
  it.each(cases)('%s', async (_, listener, extra, exit, wants) => {
    const url = await receiverUrl(listener());
    const { code, output } = await run(
      ...['conformance', '--receiver', url, '--secret', SECRET, '--version', LATEST],
      ...extra,
    );
    expect(code).toBe(exit);
    for (const want of wants) expect(output).toMatch(want);
  });
});
