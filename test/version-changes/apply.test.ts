import { describe, expect, it } from 'vitest';
import { nameAt, toBase, toVersion } from '../../src/version-changes/apply.ts';
import type { ShapeInstruction } from '../../src/version-changes/instruction.ts';
import { ADD, ENUM, REMOVE, RENAME, registryWith } from './registry.ts';

const registry = registryWith([RENAME, ADD, REMOVE, ENUM]);
const X = { path: '/x' };

describe('declared shape changes, applied', () => {
  it.each([
    [
      'before the changes: as written',
      '2030-01-01',
      { old: 1, n: 2, gone: 3, kind: 'dm' },
      { old: 1, n: 2, gone: 3, kind: 'dm' },
    ],
    [
      'from their version: each applied',
      '2030-02-01',
      { old: 1, n: 2, gone: 3, kind: 'dm' },
      { new: 1, n: 2, count: 2, kind: 'direct' },
    ],
    [
      'and later versions',
      '2030-03-01',
      { old: 1, n: 2, kind: 'group' },
      { new: 1, n: 2, count: 2, kind: 'group' },
    ],
    ['an addition copies only a present field', '2030-02-01', { kind: 'dm' }, { kind: 'direct' }],
    ['never at v0', 'v0', { old: 1 }, { old: 1 }],
    ['nor at a version the registry lacks', '2031-01-01', { old: 1 }, { old: 1 }],
  ])('toVersion: %s', (_, version, written, shown) => {
    expect(toVersion(X, version, written, registry)).toEqual(shown);
    // Another target is not touched.
    expect(toVersion({ path: '/y' }, version, written, registry)).toEqual(written);
  });

  it.each([
    [
      'the new form read back',
      '2030-02-01',
      { new: 1, count: 2, kind: 'direct' },
      { old: 1, kind: 'dm' },
    ],
    [
      'an old name left as sent (the check of the form reports it)',
      '2030-02-01',
      { old: 1 },
      { old: 1 },
    ],
    ['an unknown enum value as sent', '2030-02-01', { kind: 'other' }, { kind: 'other' }],
    [
      'before the changes: as sent',
      '2030-01-01',
      { new: 1, kind: 'direct' },
      { new: 1, kind: 'direct' },
    ],
  ])('toBase: %s', (_, version, sent, read) => {
    expect(toBase(X, version, sent, registry)).toEqual(read);
  });

  it('leaves its input as it was', () => {
    const written = { old: 1, n: 2 };
    toVersion(X, '2030-02-01', written, registry);
    expect(written).toEqual({ old: 1, n: 2 });
  });

  it('follows a field through renames of later versions', () => {
    const twice = registryWith(
      [RENAME],
      [{ ...RENAME, field: 'new', to: 'newest' } as ShapeInstruction],
    );
    expect(nameAt(X, '2030-01-01', 'old', twice)).toBe('old');
    expect(nameAt(X, '2030-02-01', 'old', twice)).toBe('new');
    expect(nameAt(X, '2030-03-01', 'old', twice)).toBe('newest');
    expect(toVersion(X, '2030-03-01', { old: 1 }, twice)).toEqual({ newest: 1 });
    expect(toBase(X, '2030-03-01', { newest: 1 }, twice)).toEqual({ old: 1 });
  });
});
