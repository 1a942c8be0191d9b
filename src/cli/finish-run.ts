import { clauseCoverage, clauseLine } from '../conformance/report/clause-coverage.js';
import { coverageOf } from '../conformance/report/coverage.js';
import { allPassed } from '../conformance/report/requirement-summary.js';
import { remedyLines } from '../conformance/report/scale-remedy.js';
import { unreachableLines } from '../conformance/report/unreachable.js';
import { coverageLine, generatedSummary, textSummary } from '../conformance/report/text-summary.js';
import {
  type ReportInput,
  type ReportRequest,
  parseReportOption,
  writeReports,
} from '../conformance/report/write-reports.js';
import { EXIT, type ExitCode, UsageError } from './exit-codes.js';

/** `--report <kind:file>`, or a usage error saying what it takes. */
export function parseReport(value: string): ReportRequest {
  const parsed = parseReportOption(value);
  if ('problem' in parsed) throw new UsageError(parsed.problem);
  return parsed;
}

/**
 * The end of a run, or of a merge of its shards: the summary, the addresses the run could not
 * reach, the generated requests' and the coverage where there are some, the stated clauses judged
 * (#32), the one time scale that lets every check that asked for one judge (#33), then the reports
 * asked for; exit 0 only when every check passed.
 */
export async function finishRun(
  reports: readonly ReportRequest[],
  input: ReportInput,
): Promise<ExitCode> {
  console.log(textSummary(input.results));
  // An address nothing answered at: the one cause of every check it ended, said once.
  const unreachable = unreachableLines(input.results);
  if (unreachable.length) console.log(unreachable.join('\n'));
  if (input.generated) console.log(generatedSummary(input.generated));
  // Worked out once: the terminal line and the HTML report show the same coverage.
  const coverage = input.exercised && coverageOf(input.exercised, input.run.versions);
  if (coverage) console.log(coverageLine(coverage));
  console.log(clauseLine(clauseCoverage(input.results)));
  // Last, once for the run: every check's ask of the time scales, joined.
  const remedy = remedyLines(input.results);
  if (remedy.length) console.log(remedy.join('\n'));
  for (const line of await writeReports(reports, { ...input, ...(coverage ? { coverage } : {}) }))
    console.log(line);
  return allPassed(input.results) ? EXIT.ok : EXIT.failed;
}
