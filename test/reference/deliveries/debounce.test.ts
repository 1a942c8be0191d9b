import { describe, expect, it } from 'vitest';
import { createDebouncer } from '../../../src/reference/deliveries/debounce.ts';

describe('createDebouncer (DLV-11)', () => {
  it('fires once per key with the latest value, and every push shares the outcome', async () => {
    const fired: string[] = [];
    const debouncer = createDebouncer(
      30,
      async (value: string) => (fired.push(value), value.toUpperCase()),
    );
    const results = await Promise.all([
      debouncer.push('a', 'a1'),
      debouncer.push('a', 'a2'),
      debouncer.push('b', 'b1'),
    ]);
    expect(fired.sort()).toEqual(['a2', 'b1']);
    expect(results).toEqual(['A2', 'A2', 'B1']);
  });

  it('opens a new window after firing', async () => {
    const fired: string[] = [];
    const debouncer = createDebouncer(10, async (value: string) => fired.push(value));
    await debouncer.push('a', 'first');
    await debouncer.push('a', 'second');
    expect(fired).toEqual(['first', 'second']);
  });

  it('cancel drops what waits and resolves its promises to undefined', async () => {
    const fired: string[] = [];
    const debouncer = createDebouncer(1000, async (value: string) => fired.push(value));
    const waiting = debouncer.push('a', 'x');
    debouncer.cancel();
    expect(await waiting).toBeUndefined();
    expect(fired).toEqual([]);
  });
});
