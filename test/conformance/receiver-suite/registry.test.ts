import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RECEIVER_CHECKS } from '../../../src/conformance/receiver-suite/checks/index.ts';
import { loadRequirements } from '../../support/requirements.ts';

const checksDir = new URL('../../../src/conformance/receiver-suite/checks/', import.meta.url);

describe('the receiver check registry', () => {
  it('lists every check file once, under its file name, named by its first requirement', () => {
    const files = readdirSync(checksDir)
      .filter((f) => f !== 'index.ts')
      .map((f) => f.replace(/\.ts$/, ''));
    expect(RECEIVER_CHECKS.map(([id]) => id).sort()).toEqual(files.sort());
    const prefix = (id: string) => id.split('-').slice(0, 2).join('-').toUpperCase();
    expect(RECEIVER_CHECKS.filter(([id, c]) => prefix(id) !== c.requirements[0])).toEqual([]);
  });

  it('cites only requirements that exist', () => {
    const known = new Set(loadRequirements().map((r) => r.id));
    const cited = RECEIVER_CHECKS.flatMap(([, c]) => c.requirements);
    expect(cited.filter((id) => !known.has(id))).toEqual([]);
  });

  it.each(RECEIVER_CHECKS.map(([id, check]) => [id, check] as const))(
    '%s is exported by its file, which does not name it, and says what it rests on',
    async (id, check) => {
      const file = new URL(`${id}.ts`, checksDir);
      expect(Object.values(await import(file.href))).toContain(check);
      expect(readFileSync(file, 'utf8')).not.toContain(id);
      // A rule the specification only implies says so first; a stated one cites where the specification says it.
      if (check.basis === 'implied') expect(check.description).toMatch(/^Implied, not stated:/);
      else
        expect(check.description).toMatch(
          /The specification \([A-Z][a-z]+, [A-Z][a-z]+ \d|DLV-\d\d/,
        );
      // An opt-in check rests on no stated rule, and says how it is run and what it may report.
      if (check.optIn) {
        expect(check.basis).toBe('implied');
        expect(check.description).toMatch(
          /Opt-in: .*--only names this check.*warnings, never failures/,
        );
      }
    },
  );
});
