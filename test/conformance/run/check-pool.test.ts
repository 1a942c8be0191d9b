import { describe, expect, it } from 'vitest';
import { type PoolTask, runPooled } from '../../../src/conformance/run/check-pool.ts';

type Spec = Partial<Omit<PoolTask<string>, 'run'>> & { id: string; ticks?: number };

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs the specs in the pool; says which ran at the same time as which, and the results. */
async function runSpecs(specs: Spec[], limit = 8) {
  const active = new Set<string>();
  const overlaps = new Set<string>();
  let most = 0;
  const tasks = specs.map(({ id, ticks = 3, ...held }) => ({
    exclusive: [],
    shared: [],
    background: false,
    ...held,
    async run() {
      for (const other of active) overlaps.add([other, id].sort().join('+'));
      active.add(id);
      most = Math.max(most, active.size);
      for (let i = 0; i < ticks; i += 1) await tick();
      active.delete(id);
      return id;
    },
  }));
  const results = await runPooled(tasks, limit);
  return { results, overlaps, most };
}

describe('runPooled', () => {
  const cases: Array<[string, Spec[], { together: string[]; apart: string[] }]> = [
    [
      'tasks naming nothing run together',
      [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      { together: ['a+b', 'a+c', 'b+c'], apart: [] },
    ],
    [
      'tasks holding one name exclusive never run together; others run beside them',
      [{ id: 'a', exclusive: ['x'] }, { id: 'b', exclusive: ['x'] }, { id: 'c' }],
      { together: ['a+c'], apart: ['a+b'] },
    ],
    [
      'tasks sharing a name run together, never beside one holding it exclusive',
      [
        { id: 'c', exclusive: ['x'] },
        { id: 'a', shared: ['x'] },
        { id: 'b', shared: ['x'] },
        { id: 'd', exclusive: ['x'] },
        { id: 'e', exclusive: ['y'] },
      ],
      { together: ['a+b', 'c+e'], apart: ['a+c', 'b+c', 'a+d', 'b+d', 'c+d'] },
    ],
    [
      'a quiet task alone waits for the others and runs beside background ones only',
      [
        { id: 'bg', background: true, ticks: 20 },
        { id: 'q', quiet: 'alone' },
        { id: 'a' },
        { id: 't', quiet: 'together' },
        { id: 'q2', quiet: 'alone' },
      ],
      { together: ['bg+q', 'a+bg'], apart: ['a+q', 'q+t', 'q2+t', 'q+q2', 'a+t'] },
    ],
    [
      'quiet tasks together run beside each other and background ones, after the rest',
      [
        { id: 't1', quiet: 'together' },
        { id: 't2', quiet: 'together' },
        { id: 'a', ticks: 6 },
        { id: 'bg', background: true, ticks: 20 },
      ],
      { together: ['t1+t2', 'bg+t1', 'a+bg'], apart: ['a+t1', 'a+t2'] },
    ],
  ];
  it.each(cases)('%s', async (_, specs, { together, apart }) => {
    const { results, overlaps } = await runSpecs(specs);
    expect(results).toEqual(specs.map((s) => s.id));
    for (const pair of together) expect(overlaps, pair).toContain(pair);
    for (const pair of apart) expect(overlaps, pair).not.toContain(pair);
  });

  it('runs at most `limit` tasks at a time', async () => {
    const specs = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
    expect((await runSpecs(specs, 2)).most).toBe(2);
  });

  it('gives the results in the order of the tasks, whatever order they end in', async () => {
    const specs = [5, 1, 3, 2].map((ticks, i) => ({ id: `t${i}`, ticks }));
    expect((await runSpecs(specs)).results).toEqual(['t0', 't1', 't2', 't3']);
  });

  it('resolves with nothing for no tasks', async () => {
    expect(await runPooled([], 4)).toEqual([]);
  });

  it('rejects with the first task that rejects, once the tasks started have ended', async () => {
    let ended = false;
    const task = (run: () => Promise<string>) => ({
      exclusive: [],
      shared: [],
      background: false,
      run,
    });
    const run = runPooled(
      [
        task(async () => {
          throw new Error('boom');
        }),
        task(async () => {
          for (let i = 0; i < 5; i += 1) await tick();
          ended = true;
          return 'late';
        }),
      ],
      4,
    );
    await expect(run).rejects.toThrow('boom');
    expect(ended).toBe(true);
  });
});
