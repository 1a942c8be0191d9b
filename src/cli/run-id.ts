/**
 * The CI variables that name one run of a pipeline, the same in each of its jobs (a matrix's
 * shards and the job that merges them), by the service that sets them. A re-run of a failed job
 * keeps the run's id, so its report still merges with the others.
 */
const CI_RUN_IDS: ReadonlyArray<readonly [service: string, variable: string]> = [
  ['GitHub Actions', 'GITHUB_RUN_ID'],
  ['GitLab CI', 'CI_PIPELINE_ID'],
  ['Buildkite', 'BUILDKITE_BUILD_ID'],
  ['CircleCI', 'CIRCLE_WORKFLOW_ID'],
  ['Azure Pipelines', 'BUILD_BUILDID'],
];

/** The longest run id kept: ids are compared, not parsed. */
const MAX_RUN_ID = 200;

/**
 * The id of the run a conformance run (or shard) belongs to: `--run-id`, else the CI's run id
 * (`github-actions:123`), else none (a merge then takes shards that started within an hour of
 * each other as one run).
 */
export function runIdOf(
  option: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  if (option !== undefined) return option.trim().slice(0, MAX_RUN_ID) || undefined;
  for (const [service, variable] of CI_RUN_IDS) {
    const value = env[variable]?.trim();
    if (value) return `${service.toLowerCase().replace(/\s+/g, '-')}:${value.slice(0, MAX_RUN_ID)}`;
  }
  return undefined;
}
