/**
 * How fast `subject` runs relative to each baseline: the variants take turns round by round, so
 * each ratio compares runs made under the same machine load; the median ratio is reported.
 *
 * Each turn starts from a collected heap, and the order of the turns rotates from round to round.
 * Without both, a variant pays for the garbage of the one before it: with the variants of the
 * webhooks benchmark in reverse order, the same code measured 1.04x its floor instead of 0.76x.
 */
export function ratios<B extends Record<string, () => void>>(
  subject: () => void,
  baselines: B,
  { rounds = 15, perRound = 3_000 } = {},
) {
  const collect = fullCollection();
  const all = Object.entries({ subject, ...baselines });
  const rates: Record<string, number[]> = Object.fromEntries(all.map(([name]) => [name, []]));
  for (const [, work] of all) for (let i = 0; i < perRound; i += 1) work();
  for (let round = 0; round < rounds; round += 1) {
    const first = round % all.length;
    for (const [name, work] of [...all.slice(first), ...all.slice(0, first)]) {
      collect();
      const started = process.hrtime.bigint();
      for (let i = 0; i < perRound; i += 1) work();
      rates[name]!.push(perRound / (Number(process.hrtime.bigint() - started) / 1e9));
    }
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return Object.fromEntries(
    all.map(([name]) => [
      name,
      {
        perSecond: median(rates[name]!),
        ratio: median(rates.subject!.map((rate, i) => rate / rates[name]![i]!)),
      },
    ]),
  ) as { [name in 'subject' | keyof typeof baselines]: { perSecond: number; ratio: number } };
}

/** The `gc` that `--expose-gc` gives (`npm run bench` passes it). */
function fullCollection(): () => void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('ratios() needs node --expose-gc: run it through `npm run bench`');
  return gc;
}
