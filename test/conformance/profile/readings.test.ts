import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import { READINGS } from '../../../src/conformance/profile/readings.ts';
import { PROJECT_ROOT } from '../../../src/project-root.ts';

// Every reading a check rests on is recorded in docs/REQUIREMENTS.md ("Readings") under its id,
// before any check enforces it, and names a requirement of the catalogue.
const requirements = readFileSync(join(PROJECT_ROOT, 'docs', 'REQUIREMENTS.md'), 'utf8');
const table = requirements.slice(requirements.indexOf('## Readings'));
const ruleIds = new Set([...requirements.matchAll(/^\| ([A-Z]+-\d+) \|/gm)].map((m) => m[1]));

/** Every `reading: '...'` and `errorReading: '...'` written in the suite's sources. */
function readingsNamedInSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .flatMap((entry) => {
      const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
      return [...text.matchAll(/(?:reading|errorReading|READING)\s*[:=]\s*'([^']+)'/g)].map(
        (m) => m[1]!,
      );
    });
}

describe('readings', () => {
  it.each([...READINGS].map(([id, reading]) => [id, reading] as const))(
    '%s is recorded in docs/REQUIREMENTS.md and names a requirement of it',
    (id, { requirement }) => {
      expect(table).toContain(`| \`${id}\` |`);
      expect(ruleIds.has(requirement), requirement).toBe(true);
    },
  );

  it('every reading a check or a source names is one of them', () => {
    const named = [
      ...CHECKS.flatMap(([, check]) => (check.reading ? [check.reading] : [])),
      ...readingsNamedInSources(join(PROJECT_ROOT, 'src', 'conformance')),
    ];
    expect(named.length).toBeGreaterThan(0);
    expect([...new Set(named)].filter((id) => !READINGS.has(id))).toEqual([]);
  });

  it('every check declares whether the specification states its rule, and an implied one its reading', () => {
    expect(CHECKS.filter(([, c]) => c.basis === 'implied' && !c.reading).map(([id]) => id)).toEqual(
      [],
    );
    expect(CHECKS.filter(([, c]) => c.basis === 'stated' && c.reading).map(([id]) => id)).toEqual(
      [],
    );
  });
});
