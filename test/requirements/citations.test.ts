import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { REQUIREMENTS_FILE, loadRequirements, parseRequirements } from '../../src/requirements.ts';
import { listFiles } from '../../src/validation/schema-files.ts';

const requirements = loadRequirements();
const testDir = join(PROJECT_ROOT, 'test');
const testSources = listFiles(testDir)
  .filter((path) => path.endsWith('.ts') && path !== 'requirements/citations.test.ts')
  .map((path) => readFileSync(join(testDir, path), 'utf8'))
  .join('\n');

describe('requirement catalogue', () => {
  it('parses every numbered rule, with its layers', () => {
    expect(requirements.length).toBeGreaterThan(60);
    expect(requirements.find((r) => r.id === 'VER-08')?.layers).toEqual(['doc', 'recv']);
    expect(new Set(requirements.map((r) => r.id)).size).toBe(requirements.length);
  });

  it('parseRequirements reads table rows and nothing else', () => {
    const markdown = '| ID | Rule | Layer |\n|---|---|---|\n| XX-01 | A rule, with commas | doc, live |\nprose | not | a row';
    expect(parseRequirements(markdown)).toEqual([{ id: 'XX-01', rule: 'A rule, with commas', layers: ['doc', 'live'] }]);
  });

  const shared = join(PROJECT_ROOT, '..', 'shared', 'REQUIREMENTS.md');
  it.runIf(existsSync(shared))('the copy in docs/ is the current catalogue', () => {
    expect(readFileSync(REQUIREMENTS_FILE, 'utf8')).toBe(readFileSync(shared, 'utf8'));
  });
});

describe('every requirement of layer doc is cited by a test', () => {
  const doc = requirements.filter((r) => r.layers.includes('doc'));
  it.each(doc.map((r) => [r.id, r] as const))('%s', (id) => {
    expect(new RegExp(`\\b${id}\\b`).test(testSources)).toBe(true);
  });
});

// The reference server's integration tests over real HTTP: its own folder, and the front rules,
// which run against it as well as the mock.
const referenceSources = ['reference', 'http']
  .flatMap((folder) => listFiles(join(testDir, folder)).filter((path) => path.endsWith('.ts')).map((path) => join(testDir, folder, path)))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

/** Rules no operation of the documents can show, with the reason. */
const NOT_OBSERVABLE: Record<string, string> = {
  'VER-15': 'no documented operation takes a cursor: SPEC.md shows pagination only in general terms',
};

describe('every requirement of layers live and recv is cited by a reference-server test', () => {
  const observable = requirements.filter((r) => (r.layers.includes('live') || r.layers.includes('recv')) && !(r.id in NOT_OBSERVABLE));
  it.each(observable.map((r) => [r.id, r] as const))('%s', (id) => {
    expect(new RegExp(`\\b${id}\\b`).test(referenceSources)).toBe(true);
  });

  it.each(Object.entries(NOT_OBSERVABLE))('%s is not observable: %s', (id) => {
    // An exemption must name a rule that exists and that no reference test covers yet.
    expect(requirements.some((r) => r.id === id)).toBe(true);
    expect(new RegExp(`\\b${id}\\b`).test(referenceSources)).toBe(false);
  });
});
