import { readFile } from 'node:fs/promises';

/**
 * What a JSON conformance report says, timings and order aside: what a merge of shards must keep,
 * so the merged shards of a run and one whole run compare equal.
 */
export async function normalizedReport(file: string) {
  const report = JSON.parse(await readFile(file, 'utf8'));
  const byKey = (a: string[], b: string[]) => (a.join(' ') < b.join(' ') ? -1 : 1);
  return {
    passed: report.passed,
    counts: report.counts,
    versions: report.versions,
    requirements: report.requirements.map((r: { requirement: string; verdict: string }) => [
      r.requirement,
      r.verdict,
    ]),
    results: report.results
      .map(
        (r: {
          check: string;
          version: string;
          status: string;
          diagnostics: Array<{ rule: string; requirement?: string }>;
        }) => [
          r.check,
          r.version,
          r.status,
          r.diagnostics
            .map((d) => `${d.rule} ${d.requirement ?? ''}`)
            .sort()
            .join(','),
        ],
      )
      .sort(byKey),
    generated: report.generated && {
      seed: report.generated.seed,
      runs: report.generated.runs
        .map((r: { version: string; operation: string; cases: number; kinds: object }) => [
          r.version,
          r.operation,
          r.cases,
          JSON.stringify(Object.entries(r.kinds).sort()),
        ])
        .sort(byKey),
      failures: report.generated.failures.length,
    },
  };
}
