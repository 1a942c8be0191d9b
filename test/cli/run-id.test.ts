import { describe, expect, it } from 'vitest';
import { runIdOf } from '../../src/cli/run-id.ts';

describe('runIdOf', () => {
  it.each([
    ['--run-id wins over the CI', 'nightly-3', { GITHUB_RUN_ID: '42' }, 'nightly-3'],
    [
      'GitHub Actions',
      undefined,
      { GITHUB_RUN_ID: '42', GITHUB_RUN_ATTEMPT: '2' },
      'github-actions:42',
    ],
    ['GitLab CI', undefined, { CI_PIPELINE_ID: '7' }, 'gitlab-ci:7'],
    ['no CI, no option: none (a merge goes by the starts)', undefined, {}, undefined],
    ['an empty option: none', '  ', { GITHUB_RUN_ID: '42' }, undefined],
    ['an empty CI variable is not an id', undefined, { GITHUB_RUN_ID: '' }, undefined],
  ])('%s', (_, option, env, want) => {
    expect(runIdOf(option, env)).toBe(want);
  });

  it('keeps a long id to 200 characters', () => {
    expect(runIdOf('x'.repeat(500))).toHaveLength(200);
  });
});
