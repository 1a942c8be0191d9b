import { describe, expect, it } from 'vitest';
import { type ShardUnit, partition } from '../../../src/conformance/shard/partition.ts';

const free = (count: number): ShardUnit[] =>
  Array.from({ length: count }, () => ({ together: [] }));

describe('partition', () => {
  const cases: Array<[string, { given: Parameters<typeof partition>; want: number[] }]> = [
    ['one shard takes everything', { given: [free(3), 1], want: [0, 0, 0] }],
    ['free units are dealt in turn', { given: [free(5), 2], want: [0, 1, 0, 1, 0] }],
    ['more shards than units leaves the last ones empty', { given: [free(2), 4], want: [0, 1] }],
    [
      'units naming a state go together, the heaviest group first',
      {
        given: [[{ together: [] }, { together: ['x'] }, { together: [] }, { together: ['x'] }], 2],
        want: [1, 0, 1, 0],
      },
    ],
    [
      'names join groups transitively',
      {
        given: [
          [{ together: ['a'] }, { together: ['a', 'b'] }, { together: ['b'] }, { together: [] }],
          3,
        ],
        want: [0, 0, 0, 1],
      },
    ],
    ['a shard busy elsewhere gets less', { given: [free(4), 2, [1.5]], want: [1, 1, 0, 1] }],
    [
      'a weight counts as that many units',
      { given: [[{ together: [], weight: 3 }, ...free(3)], 2], want: [0, 1, 1, 1] },
    ],
  ];
  it.each(cases)('%s', (_, { given, want }) => expect(partition(...given)).toEqual(want));

  it('is a partition, the same every time, and keeps named groups whole', () => {
    const names = ['a', 'b', 'c'];
    const units: ShardUnit[] = Array.from({ length: 200 }, (_, i) => ({
      together: i % 7 === 0 ? [names[i % 3]!] : [],
    }));
    for (const n of [1, 2, 3, 5, 13, 1000]) {
      const shardOf = partition(units, n);
      expect(partition(units, n)).toEqual(shardOf);
      expect(shardOf.every((s) => Number.isInteger(s) && s >= 0 && s < n)).toBe(true);
      for (const name of names) {
        const shards = new Set(shardOf.filter((_, i) => units[i]!.together.includes(name)));
        expect(shards.size).toBe(1);
      }
    }
  });
});
