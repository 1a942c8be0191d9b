import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layout docs/ARCHITECTURE.md describes ("The conformance suite's rooms"); the import rules
// between the rooms are .dependency-cruiser.cjs's.
const ROOT = new URL('../../', import.meta.url).pathname;
const CONFORMANCE = join(ROOT, 'src/conformance');
const MAX_LOOSE_FILES = 8;
const MAX_LINES = 400;

const tsFiles = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .sort();
const rooms = readdirSync(CONFORMANCE).filter((name) =>
  statSync(join(CONFORMANCE, name)).isDirectory(),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

describe('the conformance suite as rooms', () => {
  it(`keeps at most ${MAX_LOOSE_FILES} files loose at the top of src/conformance/`, () => {
    expect(tsFiles(CONFORMANCE).length).toBeLessThanOrEqual(MAX_LOOSE_FILES);
  });

  it.each(rooms)('%s/ opens with a line saying what the room holds', (room) => {
    const first = tsFiles(join(CONFORMANCE, room))[0]!;
    const opening = readFileSync(join(CONFORMANCE, room, first), 'utf8').split('\n')[0];
    expect(opening, `${room}/${first}`).toMatch(new RegExp(`^// ${room}/: \\S`));
  });

  it.each(rooms)('%s/ is a room the import rules know', (room) => {
    const rules = readFileSync(join(ROOT, '.dependency-cruiser.cjs'), 'utf8');
    expect(rules).toContain(`'${room}',`);
  });
});

describe('files of src/', () => {
  const files = sourceFiles(join(ROOT, 'src')).map((path) => ({
    file: path.slice(ROOT.length),
    lines: readFileSync(path, 'utf8').split('\n').length - 1,
  }));

  it(`holds no file over ${MAX_LINES} lines`, () => {
    expect(files.filter(({ lines }) => lines > MAX_LINES)).toEqual([]);
  });
});
