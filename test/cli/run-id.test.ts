import { describe, expect, it } from 'vitest';
import { runIdOf } from '../../src/cli/run-id.ts';

// The run a shard names in its report (`runId`): a merge takes only the shards of one run.
const CASES: Array<
  [string, { option?: string; env: NodeJS.ProcessEnv; want: string | undefined }]
> = [
  ['--run-id as given', { option: 'nightly-42', env: {}, want: 'nightly-42' }],
  ['--run-id over the CI run id', { option: 'mine', env: { GITHUB_RUN_ID: '7' }, want: 'mine' }],
  ['an empty --run-id names none', { option: '  ', env: { GITHUB_RUN_ID: '7' }, want: undefined }],
  ['GitHub Actions', { env: { GITHUB_RUN_ID: '123' }, want: 'github-actions:123' }],
  ['GitLab CI', { env: { CI_PIPELINE_ID: '55' }, want: 'gitlab-ci:55' }],
  ['Buildkite', { env: { BUILDKITE_BUILD_ID: 'b-1' }, want: 'buildkite:b-1' }],
  ['CircleCI', { env: { CIRCLE_WORKFLOW_ID: 'w-1' }, want: 'circleci:w-1' }],
  ['Azure Pipelines', { env: { BUILD_BUILDID: '9' }, want: 'azure-pipelines:9' }],
  ['an empty CI variable names none', { env: { GITHUB_RUN_ID: ' ' }, want: undefined }],
  ['no CI and no option', { env: {}, want: undefined }],
  // SECURITY.md: a run id is kept to 200 characters.
  ['a long --run-id, cut', { option: 'x'.repeat(300), env: {}, want: 'x'.repeat(200) }],
];

describe('runIdOf', () => {
  it.each(CASES)('%s', (_, { option, env, want }) => {
    expect(runIdOf(option, env)).toBe(want);
  });
});
