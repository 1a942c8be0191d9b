import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { REQUIREMENTS_FILE, loadRequirements, parseRequirements } from '../support/requirements.ts';
import { listFiles } from '../../scripts/build/schema-files.ts';

const requirements = loadRequirements();
const testDir = join(PROJECT_ROOT, 'test');

/**
 * What counts as citing a requirement: its ID inside a string literal of test code (a `describe`
 * or `it` title, an `it.each` row that becomes one, an expected value or an assertion message),
 * that is, text the tests run with and report under. An ID only in a comment is a note about a
 * test, not a test of the rule, so comments (trivia to the TypeScript parser) are never read.
 */
function citedText(file: string): string {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TS,
  );
  const texts: string[] = [];
  const walk = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) texts.push(node.text);
    ts.forEachChild(node, walk);
  };
  walk(source);
  return texts.join('\n');
}

const cites = (text: string, id: string): boolean => new RegExp(`\\b${id}\\b`).test(text);

const testSources = listFiles(testDir)
  .filter((path) => path.endsWith('.ts') && path !== 'requirements/citations.test.ts')
  .map((path) => citedText(join(testDir, path)))
  .join('\n');

describe('requirement catalogue', () => {
  it('parses every numbered rule, with its layers', () => {
    expect(requirements.length).toBeGreaterThan(60);
    expect(requirements.find((r) => r.id === 'VER-08')?.layers).toEqual(['doc', 'recv']);
    expect(new Set(requirements.map((r) => r.id)).size).toBe(requirements.length);
  });

  it('parseRequirements reads table rows and nothing else', () => {
    const markdown =
      '| ID | Rule | Layer |\n|---|---|---|\n| XX-01 | A rule, with commas | doc, live |\nprose | not | a row';
    expect(parseRequirements(markdown)).toEqual([
      { id: 'XX-01', rule: 'A rule, with commas', layers: ['doc', 'live'] },
    ]);
  });

  // The repository's own docs/REQUIREMENTS.md is the catalogue these tests check against; nothing
  // outside the repository is read, so this runs (and can fail) in every checkout.
  it('docs/REQUIREMENTS.md is the catalogue, and every rule row in it parses with known layers', () => {
    expect(REQUIREMENTS_FILE).toBe(join(PROJECT_ROOT, 'docs', 'REQUIREMENTS.md'));
    const rows = readFileSync(REQUIREMENTS_FILE, 'utf8')
      .split('\n')
      .filter((line) => /^\|\s*[A-Z]+-\d+\s*\|/.test(line.trim()));
    expect(requirements.map((r) => r.id)).toEqual(rows.map((line) => /[A-Z]+-\d+/.exec(line)![0]));
    for (const { id, layers } of requirements) {
      expect(layers.length, id).toBeGreaterThan(0);
      for (const layer of layers) expect(['doc', 'live', 'recv'], id).toContain(layer);
    }
  });
});

describe('every requirement of layer doc is cited by a test', () => {
  const doc = requirements.filter((r) => r.layers.includes('doc'));
  it.each(doc.map((r) => [r.id, r] as const))('%s', (id) => {
    expect(
      cites(testSources, id),
      `no test under test/ names ${id}: cite it in the title or a comment of the test that holds the documents to it`,
    ).toBe(true);
  });
});

// The reference server's integration tests over real HTTP: its own folder, and the front rules,
// which run against it as well as the mock.
const referenceSources = ['reference', 'http']
  .flatMap((folder) =>
    listFiles(join(testDir, folder))
      .filter((path) => path.endsWith('.ts'))
      .map((path) => join(testDir, folder, path)),
  )
  .map(citedText)
  .join('\n');

/** Rules no operation of the documents can show, with the reason. */
const NOT_OBSERVABLE: Record<string, string> = {
  'VER-15':
    'no documented operation takes a cursor: the specification shows pagination only in general terms',
};

describe('every requirement of layers live and recv is cited by a reference-server test', () => {
  const observable = requirements.filter(
    (r) => (r.layers.includes('live') || r.layers.includes('recv')) && !(r.id in NOT_OBSERVABLE),
  );
  it.each(observable.map((r) => [r.id, r] as const))('%s', (id) => {
    expect(
      cites(referenceSources, id),
      `no test under test/reference/ or test/http/ names ${id}: cite it in the title or a comment of the reference-server test over real HTTP that shows it (a new requirement also needs a conformance check naming it, checks/index.ts)`,
    ).toBe(true);
  });

  it.each(Object.entries(NOT_OBSERVABLE))('%s is not observable: %s', (id) => {
    // An exemption must name a rule that exists and that no reference test covers yet.
    expect(requirements.some((r) => r.id === id)).toBe(true);
    expect(cites(referenceSources, id)).toBe(false);
  });
});
