import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { listVersions, loadVersionRegistry } from '../../src/versions.ts';

// A version change is named once, in the registry (openapi/versions.yaml): code asks
// `since(version, '<gate>')` or reads the registry, so no string of src/ names a dated version.
// Comments may tell the history; code may not hard-wire it.
const SRC = join(PROJECT_ROOT, 'src');

/** Every string literal and template text of a TypeScript file. */
function literalsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('version dates in src/', () => {
  const files = readdirSync(SRC, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));

  it('no string of src/ names a dated version: the registry does', () => {
    const versions = listVersions();
    expect(versions.length).toBeGreaterThan(1);
    const named = files.flatMap((file) =>
      literalsOf(file)
        .filter((text) => versions.some((version) => text.includes(version)))
        .map((text) => `${relative(PROJECT_ROOT, file)}: ${JSON.stringify(text)}`),
    );
    expect(named).toEqual([]);
  });

  it('each gate is introduced by one version, once', () => {
    const gates = loadVersionRegistry().versions.flatMap((v) => v.gates.map((g) => g.id));
    expect(gates.length).toBeGreaterThan(0);
    expect(new Set(gates).size).toBe(gates.length);
  });
});
