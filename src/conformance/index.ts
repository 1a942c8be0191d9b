// service-contract/conformance: the suites that test an implementation (or a webhook receiver)
// against a dated version.
export { type CheckResult, type RunOptions, runConformance, selectChecks } from './runner.js';
export { CHECKS } from './checks/index.js';
export {
  type GenerateOptions,
  type GenerateReport,
  type GeneratedFailure,
  runGenerate,
} from './generate/run-generate.js';
export type { GeneratedCase } from './generate/generated-case.js';
export {
  type ReceiverCheckResult,
  type ReceiverRunOptions,
  runReceiverSuite,
} from './receiver-suite/runner.js';
export { RECEIVER_CHECKS } from './receiver-suite/checks/index.js';
export type { ReceiverCheck } from './receiver-suite/check.js';
export type { Check, RegisteredCheck, Skip } from './run/check.js';
export type { Diagnostic } from '../diagnostic.js';
export type { Profile } from './profile/profile.js';
export { readProfile } from './profile/profile-file.js';
export { toJsonReport } from './report/json-report.js';
export { toJUnit } from './report/junit.js';
export {
  type RequirementVerdict,
  allPassed,
  summarizeByRequirement,
} from './report/requirement-summary.js';
export { progressLine, textSummary } from './report/text-summary.js';
