import type { Diagnostic } from '../../diagnostic.js';
import type { ScaleAsk } from '../../time-scale.js';

/** What one check gave at one version: the unit every report and the shards' merge read. */
export interface CheckResult {
  check: string;
  title: string;
  version: string;
  requirements: string[];
  status: 'passed' | 'failed' | 'not_applicable' | 'not_testable';
  /**
   * What the check reported (its `rule` the check's id), then every way an answer it got differs
   * from its document (`rule` one of the response rules, `location` where in the answer).
   */
  diagnostics: Diagnostic[];
  reason?: string;
  /** A not-testable check's asks of the time scales: the run's one remedy joins them. */
  remedy?: ScaleAsk[];
  /** What the check could not exercise, though it ran: a pass says no more than it tested. */
  notes?: string[];
  durationMs: number;
}
