import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/main.ts';
import { profileOf } from '../../../src/reference/profile.ts';
import { FAULTS } from '../fault-catalogue.ts';
import { startReferenceWithFaults } from '../fault-injection.ts';
import { runMain } from '../../support/run-main.ts';

// `conformance --generate` and `--only generated` as users run them: against the reference server
// nothing fails; against a server with a fault, the shrunk failing case, its curl line and the seed
// are in the reports.
let dir = '';
const servers: Array<{ close(): Promise<void> }> = [];

/** A reference server with the catalogue's fault `id` (none for undefined), and its profile file. */
async function serverWith(id: string | undefined): Promise<string> {
  const fault = FAULTS.find((f) => f.id === id);
  const dataDir = await mkdtemp(join(dir, 'data-'));
  const server = await startReferenceWithFaults(fault?.hooks() ?? {}, { dataDir });
  servers.push(server);
  const file = join(dir, `profile-${id ?? 'reference'}.json`);
  const profile = profileOf(server.url, server.workspace, {
    triggerEvents: true,
    allowLocalDestinations: true,
  });
  await writeFile(file, JSON.stringify(profile));
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-generate-'));
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await rm(dir, { recursive: true, force: true });
});

const run = runMain;

describe('conformance --generate: usage errors exit 2', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['no examples', ['--max-examples', '0'], /--max-examples takes a whole number/],
    ['examples that are no number', ['--max-examples', '1e3'], /--max-examples takes/],
    ['too many examples', ['--max-examples', '100001'], /--max-examples takes/],
    ['a fractional seed', ['--seed', '1.5'], /--seed takes a whole number/],
    ['a seed past 32 bits', ['--seed', '4294967296'], /--seed takes/],
    ['no time', ['--max-time', '0'], /--max-time takes a number of seconds/],
    ['--only generated with an unknown check', ['--only', 'generated,NOPE-1'], /names no check/],
  ];
  it.each(cases)('%s', async (_, extra, message) => {
    const profile = await serverWith(undefined);
    const { code, output } = await run('conformance', '--profile', profile, '--generate', ...extra);
    expect([code, output]).toEqual([EXIT.usage, expect.stringMatching(message)]);
  });
});

describe('conformance --only generated', () => {
  it('passes against the reference server, saying how much it sent and its seed', async () => {
    const profile = await serverWith(undefined);
    const args = ['--version', '2026-08-25', '--only', 'generated', '--seed', '5'];
    const { code, output } = await run('conformance', '--profile', profile, ...args);
    expect(output).toMatch(
      /passed +2026-08-25 +generated POST \/v1\/chat.postEphemeral: 100 cases/,
    );
    expect(output).toMatch(
      /Generated requests: \d+ cases over 8 operations and versions, seed 5: 0 distinct failures$/m,
    );
    expect(code).toBe(EXIT.ok);
  }, 60_000);

  it('reports the shrunk failing case of a faulty server with its curl line and the seed', async () => {
    // The fault answers an unknown token 403 rather than 401 `invalid_token` (AUTH-02).
    const profile = await serverWith('unknown-token-is-403');
    const [json, junit] = [join(dir, 'r.json'), join(dir, 'r.xml')];
    const { code, output } = await run(
      'conformance',
      '--profile',
      profile,
      '--version',
      '2026-08-25',
      '--only',
      'generated',
      '--seed',
      '42',
      '--max-examples',
      '50',
      '--report',
      `json:${json}`,
      '--report',
      `junit:${junit}`,
    );
    expect(code).toBe(EXIT.failed);
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.generated.seed).toBe(42);
    const failures = report.generated.failures as any[];
    expect(failures.length).toBeGreaterThan(0);
    // Every case with an unknown token fails, alone or with another broken rule whose answer
    // would have been right: each way is reported once, shrunk.
    for (const failure of failures) {
      expect(['unknown-credential', 'several']).toContain(failure.case.kind);
      // Shrunk: the shortest unknown token, and no more body than the operation needs.
      expect(failure.case.headers.authorization).toBe('Bearer unknown-!');
      expect(failure.curl).toMatch(/^curl -i -X \w+ .*-H 'authorization: Bearer unknown-!'/);
      // What failed: the refusal (AUTH-02), or the 403's shape, which the document does not give.
      for (const finding of failure.findings)
        expect(finding).toEqual(
          expect.objectContaining(
            finding.rule === 'undocumented_status'
              ? { message: expect.stringMatching(/^status 403 is not documented/) }
              : {
                  requirement: 'AUTH-02',
                  expected: expect.arrayContaining([expect.stringMatching(/^401 not_authed or/)]),
                },
          ),
        );
      expect(failure.seed).toBe(42);
      expect(failure.occurrences).toBeGreaterThan(0);
    }
    // Every operation failed, not only the first to fail, each way reported once.
    expect(new Set(failures.map((f) => f.operation)).size).toBeGreaterThan(4);
    expect(failures.flatMap((f) => f.findings.map((d: any) => d.requirement))).toContain('AUTH-02');
    expect(report.passed).toBe(false);
    expect(output).toContain(failures[0].curl);
    expect(output).toMatch(/AUTH-02 +FAILED/);
    const suites = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      await readFile(junit, 'utf8'),
    ).testsuites.testsuite as any[];
    expect(suites.map((s) => s.name)).toEqual([
      'Service API conformance 2026-08-25',
      'Service API conformance v0',
    ]);
    for (const suite of suites)
      expect(suite.properties.property).toContainEqual({ name: 'seed', value: '42' });
    // v0 names its codes in `code`, which the fault leaves alone: only the v1 suite fails.
    expect(JSON.stringify(suites[0].testcase)).toContain('unknown-credential request');
    expect(suites.map((s) => s.failures)).toEqual([expect.not.stringMatching(/^0$/), '0']);
  }, 60_000);
});
