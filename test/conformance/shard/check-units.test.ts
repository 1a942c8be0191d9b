import { describe, expect, it } from 'vitest';
import { LIVENESS_STATE } from '../../../src/conformance/generate/delivery-watch.ts';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import { checkUnitsOf, shardHolding } from '../../../src/conformance/shard/check-units.ts';
import { parseShard } from '../../../src/conformance/shard/shard.ts';
import { listVersions } from '../../../src/versions.ts';

const VERSIONS = listVersions();
/** The (check, version) unit at a place of the run's order. */
const unitAt = (place: number) => ({
  check: CHECKS[place % CHECKS.length]!,
  version: VERSIONS[Math.floor(place / CHECKS.length)]!,
});

describe('checkUnitsOf: the (check, version) units of a shard', () => {
  it.each([1, 2, 3, 5, 1000])('%i shards: every unit in exactly one, the same each time', (n) => {
    const shards = Array.from({ length: n }, (_, i) =>
      checkUnitsOf(CHECKS, VERSIONS, { k: i + 1, n }),
    );
    const places = shards.flatMap((s) => [...s]).sort((a, b) => a - b);
    expect(places).toEqual(Array.from({ length: CHECKS.length * VERSIONS.length }, (_, i) => i));
    expect(checkUnitsOf(CHECKS, VERSIONS, { k: 1, n })).toEqual(shards[0]);
  });

  it.each([2, 3, 5])(
    '%i shards: the units naming a state some check holds exclusive, and the quiet ones, stay together',
    (n) => {
      const shardOf = new Map<number, number>();
      for (let k = 1; k <= n; k += 1)
        for (const place of checkUnitsOf(CHECKS, VERSIONS, { k, n })) shardOf.set(place, k);
      const exclusive = new Set(CHECKS.flatMap(([, c]) => c.exclusive ?? []));
      const shardsOf = (names: (check: (typeof CHECKS)[number][1]) => boolean) =>
        new Set([...shardOf].filter(([place]) => names(unitAt(place).check[1])).map(([, k]) => k));
      for (const name of exclusive) {
        const names = (c: (typeof CHECKS)[number][1]) =>
          [...(c.exclusive ?? []), ...(c.shared ?? [])].includes(name);
        expect([name, shardsOf(names).size]).toEqual([name, 1]);
      }
      expect(shardsOf((c) => c.quiet !== undefined).size).toBe(1);
      // The liveness event's checks are in the shard that shows the generated phase's watch live.
      const [live] = shardsOf((c) => c.exclusive?.includes(LIVENESS_STATE) === true);
      expect(shardHolding(CHECKS, VERSIONS, n, LIVENESS_STATE)).toBe(live);
      // Every shard gets work.
      expect(new Set(shardOf.values()).size).toBe(n);
    },
  );

  it('a state no check names is held by shard 1', () => {
    expect(shardHolding(CHECKS, VERSIONS, 4, 'v1 no.such.event')).toBe(1);
  });
});

describe('parseShard', () => {
  const cases: Array<[string, ReturnType<typeof parseShard> | RegExp]> = [
    ['1/1', { k: 1, n: 1 }],
    ['2/3', { k: 2, n: 3 }],
    [' 1000/1000 ', { k: 1000, n: 1000 }],
    ['0/3', /--shard takes k\/n/],
    ['4/3', /1 <= k <= n <= 1000/],
    ['1/1001', /--shard takes/],
    ['1.5/3', /--shard takes/],
    ['-1/3', /--shard takes/],
    ['1/', /--shard takes/],
    ['a/b', /--shard takes/],
    ['1/3/5', /--shard takes/],
    ['__proto__', /--shard takes/],
  ];
  it.each(cases)('%s', (text, want) => {
    const parsed = parseShard(text);
    if (want instanceof RegExp) expect(parsed).toEqual({ problem: expect.stringMatching(want) });
    else expect(parsed).toEqual(want);
  });
});
