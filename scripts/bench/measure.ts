/**
 * How fast `subject` runs relative to each baseline: the variants take turns round by round, so
 * each ratio compares runs made under the same machine load; the median ratio is reported.
 */
export function ratios<B extends Record<string, () => void>>(subject: () => void, baselines: B, { rounds = 15, perRound = 3_000 } = {}) {
  const all = { subject, ...baselines };
  const rates: Record<string, number[]> = Object.fromEntries(Object.keys(all).map((name) => [name, []]));
  for (const work of Object.values(all)) for (let i = 0; i < perRound; i += 1) work();
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, work] of Object.entries(all)) {
      const started = process.hrtime.bigint();
      for (let i = 0; i < perRound; i += 1) work();
      rates[name]!.push(perRound / (Number(process.hrtime.bigint() - started) / 1e9));
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return Object.fromEntries(
    Object.keys(all).map((name) => [name, { perSecond: median(rates[name]!), ratio: median(rates.subject!.map((rate, i) => rate / rates[name]![i]!)) }]),
  ) as { [name in 'subject' | keyof typeof baselines]: { perSecond: number; ratio: number } };
}
