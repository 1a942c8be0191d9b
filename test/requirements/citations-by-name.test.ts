import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/project-root.ts';

// The specification is not a file of this repository: sources, documents and docs cite the
// requirement IDs of docs/REQUIREMENTS.md, and the specification by its section names ("Events,
// Delivery 3"), never by a file name a reader cannot open. Only the tests of that rewording, and of
// pages that must not show the file name, write it.
const ALLOWED = new Set([
  'scripts/docs/specification-wording.ts',
  'test/scripts/specification-wording.test.ts',
  'test/scripts/landing-page.test.ts',
  'test/docs/site.test.ts',
  'test/requirements/citations-by-name.test.ts',
]);
const FILE_NAME = /SPEC\.md/;

describe('citations of the specification', () => {
  it('no tracked file names the specification by a file name', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: PROJECT_ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file && !ALLOWED.has(file) && !/\.(png|ico|woff2?)$/.test(file));
    expect(files.length).toBeGreaterThan(100);
    const naming = files.filter((file) => {
      try {
        return FILE_NAME.test(readFileSync(join(PROJECT_ROOT, file), 'utf8'));
      } catch {
        return false;
      }
    });
    expect(naming).toEqual([]);
  });
});
