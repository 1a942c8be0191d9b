import { describe, expect, it } from 'vitest';
import { groupBy } from '../src/group-by.ts';

describe('groupBy', () => {
  it.each([
    [
      'by one key',
      ['a1', 'b1', 'a2'],
      (s: string) => s[0]!,
      [
        ['a', ['a1', 'a2']],
        ['b', ['b1']],
      ],
    ],
    [
      'by several keys, an item in each of its groups',
      ['ab', 'b'],
      (s: string) => [...s],
      [
        ['a', ['ab']],
        ['b', ['ab', 'b']],
      ],
    ],
    ['nothing', [], (s: string) => s, []],
    [
      'keys that are prototype names stay plain keys',
      ['__proto__', 'constructor'],
      (s: string) => s,
      [
        ['__proto__', ['__proto__']],
        ['constructor', ['constructor']],
      ],
    ],
  ])('%s', (_, items, keyOf, want) => {
    expect([...groupBy(items, keyOf)]).toEqual(want);
  });
});
