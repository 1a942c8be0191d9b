import type { DeliveryReport } from './inspect-delivery.js';

/**
 * One delivery as a readable block: a heading line (event, version, ids, attempt), the signature's
 * verdict, then the payload's verdict or every problem with its location and requirement.
 */
export function formatReport(report: DeliveryReport, receivedAt: Date): string {
  const event =
    report.event ??
    (report.candidates
      ? `(event not named; the payload fits ${report.candidates.join(', ')})`
      : '(event not known)');
  const attempt =
    report.attempt === 1
      ? 'first attempt'
      : `retry ${report.attempt - 1} (${report.retryReason ?? 'no reason given'})`;
  const lines = [
    `${receivedAt.toISOString()}  ${event}  ${report.version}`,
    `  webhook-id ${report.webhookId ?? '(none)'}${report.eventId ? `  eventId ${report.eventId}` : ''}  webhook-timestamp ${report.timestamp ?? '(none)'}  ${attempt}`,
    `  signature: ${report.signature === 'verified' ? 'verified' : `rejected (${report.signature})`}`,
  ];
  if (report.ok) lines.push('  payload: valid');
  for (const problem of report.diagnostics) {
    const where = problem.location ? `${problem.location}: ` : '';
    const rule = problem.requirement ? ` (${problem.requirement})` : '';
    lines.push(`  - ${where}${problem.message}${rule}`);
  }
  return lines.join('\n');
}
