import { describe, expect, it } from 'vitest';
import { stepNameOf } from '../../../scripts/build.ts';

// `npm run build -- --force` builds everything again; `--force` is never taken for a step's name.
describe('stepNameOf', () => {
  it.each([
    ['the whole build', [], undefined],
    ['the whole build, forced', ['--force'], undefined],
    ['one step', ['dist'], 'dist'],
    ['one step, forced', ['dist', '--force'], 'dist'],
    ['one step after the flag', ['--force', 'bundle'], 'bundle'],
  ])('%s', (_, args, step) => {
    expect(stepNameOf(args)).toBe(step);
  });
});
