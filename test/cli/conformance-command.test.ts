import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/main.ts';
import { profileOf } from '../../src/reference/profile.ts';
import { startRecordingServer } from '../support/recording-server.ts';
import { useReferenceServer } from '../support/reference-server.ts';
import { runMain } from '../support/run-main.ts';

const reference = useReferenceServer();
let dir = '';
let profileFile = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-conformance-'));
  profileFile = join(dir, 'profile.json');
  await writeFile(
    profileFile,
    JSON.stringify(profileOf(reference.server.url, reference.server.workspace)),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const run = runMain;

describe('service-contract conformance: usage errors exit 2', () => {
  const cases: Array<[string, () => string[], RegExp]> = [
    [
      'an unknown version',
      () => ['--version', '2031-01-01'],
      /--version takes all or one of 2026-06-01/,
    ],
    [
      'an unknown report kind',
      () => ['--report', 'xml:out.xml'],
      /--report takes junit:<file> or json:<file>/,
    ],
    ['a report without a file', () => ['--report', 'junit:'], /--report takes/],
    [
      'a report kind named like a member of Object.prototype',
      () => ['--report', `constructor:${join(dir, 'out.txt')}`],
      /--report takes junit:<file> or json:<file>/,
    ],
    ['--only naming nothing', () => ['--only', 'NOPE-1'], /names no check or requirement/],
  ];
  it.each(cases)('%s', async (_, extra, message) => {
    const { code, output } = await run('conformance', '--profile', profileFile, ...extra());
    expect([code, output]).toEqual([EXIT.usage, expect.stringMatching(message)]);
  });

  it('a missing profile file', async () => {
    const { code, output } = await run('conformance', '--profile', join(dir, 'nope.json'));
    expect([code, output]).toEqual([EXIT.usage, expect.stringContaining('cannot read')]);
  });

  it('a profile that is not format 1 says what is wrong and where', async () => {
    const file = join(dir, 'bad.json');
    const { baseUrl: _, ...rest } = JSON.parse(await readFile(profileFile, 'utf8'));
    await writeFile(file, JSON.stringify({ ...rest, timeScale: 0 }));
    const { code, output } = await run('conformance', '--profile', file);
    expect(code).toBe(EXIT.usage);
    expect(output).toContain("must have required property 'baseUrl'");
    expect(output).toContain('/timeScale');
  });

  // A profile whose entries match no operation would report every check not applicable, and pass.
  it.each([
    [
      'upper-case methods',
      ['V1 POST /chat.postEphemeral', 'v1 GET /webhook.list'],
      /is written "v1 post \/chat.postEphemeral"/,
    ],
    [
      'an unknown operation',
      ['v1 post /chat.postMessage'],
      /"v1 post \/chat.postMessage" is no operation of the documents/,
    ],
  ])('implements with %s exits 2, saying what is wrong', async (name, entries, message) => {
    const file = join(dir, `implements-${name.replaceAll(/\W+/g, '-')}.json`);
    const profile = JSON.parse(await readFile(profileFile, 'utf8'));
    await writeFile(file, JSON.stringify({ ...profile, implements: entries }));
    const { code, output } = await run('conformance', '--profile', file, '--version', '2026-08-25');
    expect([code, output]).toEqual([EXIT.usage, expect.stringMatching(message)]);
    expect(output).toContain('the profile is not usable');
  });
});

describe('service-contract conformance against implementations', () => {
  it('exits 0 against the reference server and writes both reports', async () => {
    const [junit, json] = [join(dir, 'r.xml'), join(dir, 'r.json')];
    const { code, output } = await run(
      'conformance',
      '--profile',
      profileFile,
      '--version',
      '2026-08-25',
      '--only',
      'AUTH-05,ver-02-version-resolution',
      '--report',
      `junit:${junit}`,
      '--report',
      `json:${json}`,
    );
    expect(code).toBe(EXIT.ok);
    expect(output).toMatch(/passed +2026-08-25 +auth-05-code-single-use/);
    expect(output).toMatch(/AUTH-05 +passed +auth-05-authorize-redirect, auth-05-code-single-use/);
    const suite = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      await readFile(junit, 'utf8'),
    ).testsuites.testsuite;
    expect([suite.tests, suite.failures]).toEqual(['3', '0']);
    expect(JSON.parse(await readFile(json, 'utf8'))).toMatchObject({
      passed: true,
      versions: ['2026-08-25'],
      counts: { passed: 3 },
    });
  });

  it('exits 1 when a check fails, naming the requirement', async () => {
    const wrong = await startRecordingServer(() => ({ status: 200, body: {} }));
    try {
      const file = join(dir, 'wrong.json');
      await writeFile(
        file,
        JSON.stringify({ ...JSON.parse(await readFile(profileFile, 'utf8')), baseUrl: wrong.url }),
      );
      const { code, output } = await run(
        'conformance',
        '--profile',
        file,
        '--version',
        '2026-08-25',
        '--only',
        'AUTH-01',
      );
      expect(code).toBe(EXIT.failed);
      expect(output).toMatch(
        /AUTH-01 +FAILED +auth-01-missing-credential\n +2026-08-25 auth-01-missing-credential: v1 get \/webhook.list without a credential: expected 401 [^,]*, got 200/,
      );
    } finally {
      await wrong.close();
    }
  });

  it('exits 1 when checks could not be tested (no trigger: deliveries)', async () => {
    const { code, output } = await run(
      'conformance',
      '--profile',
      profileFile,
      '--version',
      '2026-08-25',
      '--only',
      'DLV-01',
    );
    expect(code).toBe(EXIT.failed);
    expect(output).toMatch(/DLV-01 +untestable/);
  });
});
