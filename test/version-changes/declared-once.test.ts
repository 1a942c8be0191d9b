import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { declaredChanges } from '../../src/version-changes/instruction.ts';

/** The files of `dir` ending in .ts, recursively, relative to the project. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(PROJECT_ROOT, join(entry.parentPath, entry.name)));
}

const word = (name: string) => new RegExp(`\\b${name.replace(/[$]/g, '\\$&')}\\b`);

/**
 * The lines that name both the old and the new name of a rename, as `file:line`: where code says
 * which name holds when (`since(...) ? 'threadTs' : 'threadTimestamp'`). Both names in one file
 * apart are no such statement: a common name (`id`) is often a field of something else.
 */
function namedTogether(
  files: ReadonlyArray<readonly [file: string, text: string]>,
  renames: ReadonlyArray<{ field: string; to: string }>,
): string[] {
  return renames.flatMap(({ field, to }) =>
    files.flatMap(([file, text]) =>
      text
        .split('\n')
        .flatMap((line, i) =>
          word(field).test(line) && word(to).test(line)
            ? [`${file}:${i + 1}: ${field} and ${to}`]
            : [],
        ),
    ),
  );
}

// #34: which name holds at which version is said once, in openapi/versions.yaml; no source file
// restates a rename by naming both its names.
describe('a declared rename is named in the declaration only', () => {
  it('no file of src/ names both names of a rename the registry declares', () => {
    const renames = declaredChanges().flatMap((c) => (c.kind === 'rename' ? [c] : []));
    const files = sources(join(PROJECT_ROOT, 'src')).map(
      (file) => [file, readFileSync(join(PROJECT_ROOT, file), 'utf8')] as const,
    );
    expect(files.length).toBeGreaterThan(100);
    expect(namedTogether(files, renames)).toEqual([]);
  });

  it.each([
    [
      'both names in one line',
      [['a.ts', 'const a = 1;\nconst name = since(v, g) ? x.messageText : x.text;']],
      ['a.ts:2: text and messageText'],
    ],
    [
      'the names on two lines of one file (a field of something else)',
      [['a.ts', "{ text: 'hi',\n  messageText: 'other' }"]],
      [],
    ],
    [
      'the names in two files',
      [
        ['a.ts', 'x.text'],
        ['b.ts', 'x.messageText'],
      ],
      [],
    ],
    ['a name inside a longer word', [['a.ts', 'x.textual; x.messageText']], []],
  ] as const)('finds %s', (_, files, found) => {
    expect(namedTogether(files, [{ field: 'text', to: 'messageText' }])).toEqual(found);
  });
});
