import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import { loadRequirements } from '../../support/requirements.ts';

const requirements = loadRequirements();
const observable = requirements
  .filter((r) => r.layers.includes('live') || r.layers.includes('recv'))
  .map((r) => r.id);
const checksDir = new URL('../../../src/conformance/checks/', import.meta.url);

describe('the check registry', () => {
  it('covers every requirement of layers live and recv', () => {
    const covered = new Set(CHECKS.flatMap(([, c]) => c.requirements));
    expect(observable.filter((id) => !covered.has(id))).toEqual([]);
  });

  it('names only requirements that exist, and each check once', () => {
    const known = new Set(requirements.map((r) => r.id));
    expect(CHECKS.flatMap(([, c]) => c.requirements).filter((id) => !known.has(id))).toEqual([]);
    expect(new Set(CHECKS.map(([id]) => id)).size).toBe(CHECKS.length);
    expect(new Set(CHECKS.map(([, check]) => check)).size).toBe(CHECKS.length);
  });

  it('names each check by its first requirement, as its file is named', () => {
    const prefix = (id: string) => id.split('-').slice(0, 2).join('-').toUpperCase();
    expect(CHECKS.filter(([id, c]) => prefix(id) !== c.requirements[0]).map(([id]) => id)).toEqual(
      [],
    );
  });

  it.each(CHECKS.map(([id, check]) => [id, check] as const))(
    '%s is the check its file of that name exports, and the file does not name it',
    async (id, check) => {
      const file = new URL(`${id}.ts`, checksDir);
      expect(Object.values(await import(file.href))).toContain(check);
      expect(readFileSync(file, 'utf8')).not.toContain(id);
    },
  );
});
