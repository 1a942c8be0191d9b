import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { HEAVY } from './heavy-first-sequencer.ts';

// A renamed or removed heavy file would silently lose its early start.
it('names only test files that exist, each once', () => {
  expect(HEAVY.filter((file) => !existsSync(join(PROJECT_ROOT, file)))).toEqual([]);
  expect(new Set(HEAVY).size).toBe(HEAVY.length);
});
