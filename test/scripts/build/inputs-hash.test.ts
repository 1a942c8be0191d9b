import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inputsHash } from '../../../scripts/build/inputs-hash.ts';

// build:dist is skipped when this digest is unchanged: every change to what it compiles from must
// change the digest, and nothing else may.
let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function project() {
  root = mkdtempSync(join(tmpdir(), 'service-inputs-'));
  mkdirSync(join(root, 'src', 'deep'), { recursive: true });
  writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'src', 'deep', 'b.ts'), 'export const b = 2;\n');
  writeFileSync(join(root, 'tsconfig.json'), '{}\n');
  writeFileSync(join(root, 'README.md'), 'not an input\n');
  return root;
}
const digest = (extra: string[] = []) => inputsHash(['src', 'tsconfig.json', 'gone'], extra, root);

describe('inputsHash', () => {
  it.each<[string, () => void, boolean]>([
    ['nothing changed', () => {}, false],
    ['a file outside the inputs changed', () => writeFileSync(join(root, 'README.md'), 'x'), false],
    [
      'a byte of a file changed',
      () => writeFileSync(join(root, 'src/a.ts'), 'export const a = 2;\n'),
      true,
    ],
    ['a file was added deep down', () => writeFileSync(join(root, 'src/deep/c.ts'), ''), true],
    ['a file was removed', () => rmSync(join(root, 'src/deep/b.ts')), true],
    ['a file was renamed', () => renameSync(join(root, 'src/a.ts'), join(root, 'src/z.ts')), true],
    ['a named file changed', () => writeFileSync(join(root, 'tsconfig.json'), '{ }\n'), true],
  ])('%s: changed %s', async (_, change, changes) => {
    project();
    const before = await digest();
    change();
    expect((await digest()) !== before).toBe(changes);
  });

  it('changes with the tool version it is given', async () => {
    project();
    expect(await digest(['typescript 5.9.3'])).not.toBe(await digest(['typescript 6.0.0']));
  });
});
