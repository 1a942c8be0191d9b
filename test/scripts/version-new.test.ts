import { cpSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REMAINING_STEPS, scaffoldVersion } from '../../scripts/version-new.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { loadVersionRegistry } from '../../src/versions.ts';

// The scaffold of a new dated version, in a copy of the files it writes: the registry entry, the
// root and the redocly.yaml line, from the latest; dates that cannot be the next version refused.
const copy = mkdtempSync(join(tmpdir(), 'service-version-new-'));
const { latest } = loadVersionRegistry();
mkdirSync(join(copy, 'openapi', 'v1'), { recursive: true });
cpSync(join(PROJECT_ROOT, 'openapi', 'versions.yaml'), join(copy, 'openapi', 'versions.yaml'));
cpSync(join(PROJECT_ROOT, 'redocly.yaml'), join(copy, 'redocly.yaml'));
cpSync(join(PROJECT_ROOT, 'openapi', 'v1', latest), join(copy, 'openapi', 'v1', latest), {
  recursive: true,
});
// An installed copy is large: removing it on a busy machine takes longer than a hook's default.
afterAll(() => rm(copy, { recursive: true, force: true }), 120_000);

describe('npm run version:new', () => {
  it.each([
    ['not a date', '2099-1-1', /a version is a date/],
    ['not after the latest', latest, /is not after the latest/],
  ])('refuses a date %s', async (_, date, message) => {
    await expect(scaffoldVersion(date, copy)).rejects.toThrow(message);
  });

  it('writes the entry as the latest, a root of its own version and its redocly.yaml line', async () => {
    await scaffoldVersion('2099-01-01', copy);
    const registry = parse(readFileSync(join(copy, 'openapi', 'versions.yaml'), 'utf8'));
    expect(registry.latest).toBe('2099-01-01');
    expect(registry.versions.at(-1)).toMatchObject({
      version: '2099-01-01',
      status: 'supported',
      changes: [],
      gates: [],
      instructions: [],
    });
    const root = parse(
      readFileSync(join(copy, 'openapi', 'v1', '2099-01-01', 'openapi.yaml'), 'utf8'),
    );
    const previous = parse(
      readFileSync(join(copy, 'openapi', 'v1', latest, 'openapi.yaml'), 'utf8'),
    );
    expect(root.info.version).toBe('2099-01-01');
    expect(root.paths).toEqual(previous.paths);
    expect(parse(readFileSync(join(copy, 'redocly.yaml'), 'utf8')).apis['v1@2099-01-01']).toEqual({
      root: 'openapi/v1/2099-01-01/openapi.yaml',
    });
    await expect(scaffoldVersion('2099-01-01', copy)).rejects.toThrow(/not after the latest/);
  });
});

describe("the steps version:new prints and README's 'Adding a dated version'", () => {
  it('are the same steps, in the same order: each printed step starts with what its README step names first', () => {
    const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
    const section = readme.split('## Adding a dated version')[1]!.split('\n## ')[0]!;
    const numbered = [...section.matchAll(/^(\d+)\. (.*)$/gm)];
    expect(numbered.map((m) => Number(m[1]))).toEqual(REMAINING_STEPS.map((_, i) => i + 1));
    // Each README step names the file or the command its printed step starts with.
    const subject = (step: string) => /^([\w./:-]+|a change of \w+|npm run build)/i.exec(step)![0];
    expect(
      REMAINING_STEPS.filter(
        (step, i) =>
          !numbered[i]![2]!.toLowerCase().includes(subject(step).toLowerCase().replace(/:$/, '')),
      ),
    ).toEqual([]);
  });
});
