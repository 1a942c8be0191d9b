import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMap, isScalar, parseDocument } from 'yaml';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { runBin } from '../../scripts/run-command.ts';

// `npm run check:spectral` holds every bundle to Spectral's `spectral:oas` rules with 0 errors and
// 0 warnings; `npm test` runs that lint here, once, rather than also as a script beside vitest. The committed ruleset turns a rule off only with the reason written above it, and
// still finds what the rules it keeps are for.
const RULESET = join(PROJECT_ROOT, '.spectral.yaml');
let scratch = '';

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'service-contract-spectral-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

function lint(files: string[]) {
  return runBin('spectral', ['lint', '--ruleset', RULESET, '--fail-severity', 'hint', ...files]);
}

describe('.spectral.yaml', () => {
  it('extends spectral:oas and gives a reason above every rule it turns off', async () => {
    const document = parseDocument(await readFile(RULESET, 'utf8'));
    expect(document.toJS().extends).toEqual(['spectral:oas']);
    const rules = document.get('rules');
    expect(isMap(rules)).toBe(true);
    const unexplained: string[] = [];
    for (const [index, pair] of (isMap(rules) ? rules.items : []).entries()) {
      const name = isScalar(pair.key) ? String(pair.key.value) : '?';
      const turnedOff = isScalar(pair.value) && ['off', false].includes(pair.value.value as never);
      // The comment above the first rule belongs to the map in the parsed document.
      const above = index === 0 && isMap(rules) ? rules.commentBefore : undefined;
      const reason = (isScalar(pair.key) ? pair.key.commentBefore : undefined) ?? above ?? '';
      if (!turnedOff || reason.trim().length < 20) unexplained.push(name);
    }
    expect(unexplained).toEqual([]);
  });

  it('passes every bundle with no error, warning, information or hint', async () => {
    const result = await lint(['generated/openapi/**/*.json']);
    expect(result.output).toContain('No results');
    expect(result.code).toBe(0);
  }, 120_000);

  it('still fails a document whose operation uses an undeclared tag', async () => {
    const file = join(PROJECT_ROOT, 'generated/openapi/v1/2026-08-25.json');
    const document = JSON.parse(await readFile(file, 'utf8'));
    delete document.tags;
    const broken = join(scratch, 'undeclared-tags.json');
    await writeFile(broken, JSON.stringify(document));
    const result = await lint([broken]);
    expect(result.output).toContain('operation-tag-defined');
    expect(result.code).not.toBe(0);
  }, 120_000);
});
