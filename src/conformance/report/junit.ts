import { XMLBuilder } from 'fast-xml-parser';
import type { GenerateReport } from '../generate/run-generate.js';
import type { CheckResult } from '../run/check-result.js';
import { diagnosticText } from './diagnostic-text.js';

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  suppressEmptyNode: true,
});

/** Characters XML 1.0 cannot carry at all, even escaped. */
const UNREPRESENTABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const text = (value: string) => value.replace(UNREPRESENTABLE, '\uFFFD');

/**
 * The results as JUnit XML, the format CI servers read: one testsuite per version, one testcase
 * per check (named by its id and requirements), a failure per failed check listing its
 * diagnostics, and skipped with the reason for checks that were not applicable or not testable.
 * With the generative phase, each suite carries its seed as a property, and a failed operation's
 * testcase the shrunk case's `curl` line.
 */
export function toJUnit(results: readonly CheckResult[], generated?: GenerateReport): string {
  const properties = generated && {
    property: [
      { '@name': 'seed', '@value': generated.seed },
      { '@name': 'maxExamples', '@value': generated.maxExamples },
    ],
  };
  const versions = [...new Set(results.map((r) => r.version))];
  const suites = versions.map((version) => {
    const own = results.filter((r) => r.version === version);
    return {
      '@name': `Service API conformance ${version}`,
      ...(properties ? { properties } : {}),
      '@tests': own.length,
      '@failures': own.filter((r) => r.status === 'failed').length,
      '@skipped': own.filter((r) => r.status === 'not_applicable' || r.status === 'not_testable')
        .length,
      '@time': seconds(own.reduce((sum, r) => sum + r.durationMs, 0)),
      testcase: own.map(testcase),
    };
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ testsuites: { '@name': 'service-contract conformance', testsuite: suites } })}`;
}

function testcase(result: CheckResult) {
  const base = {
    '@classname': `conformance.${result.version}`,
    '@name': text(`${result.check} [${result.requirements.join(', ')}] ${result.title}`),
    '@time': seconds(result.durationMs),
  };
  if (result.status === 'failed') {
    const details = result.diagnostics.map(
      (d) =>
        `${d.requirement}: ${diagnosticText(result, d)}${d.expected === undefined ? '' : `\n  expected: ${JSON.stringify(d.expected)}`}${d.actual === undefined ? '' : `\n  actual: ${JSON.stringify(d.actual)}`}`,
    );
    const [first] = result.diagnostics;
    return {
      ...base,
      failure: {
        '@message': text(first ? diagnosticText(result, first) : 'failed'),
        '@type': first?.requirement ?? '',
        '#text': text(details.join('\n')),
      },
    };
  }
  if (result.status === 'passed') return base;
  return { ...base, skipped: { '@message': text(`${result.status}: ${result.reason ?? ''}`) } };
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);
