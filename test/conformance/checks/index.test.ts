import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/conformance/checks/index.ts';
import { loadRequirements } from '../../support/requirements.ts';

const requirements = loadRequirements();
const observable = requirements
  .filter((r) => r.layers.includes('live') || r.layers.includes('recv'))
  .map((r) => r.id);

describe('the check registry', () => {
  it('covers every requirement of layers live and recv', () => {
    const covered = new Set(CHECKS.flatMap((c) => c.requirements));
    expect(observable.filter((id) => !covered.has(id))).toEqual([]);
  });

  it('names only requirements that exist, and each check once', () => {
    const known = new Set(requirements.map((r) => r.id));
    expect(CHECKS.flatMap((c) => c.requirements).filter((id) => !known.has(id))).toEqual([]);
    expect(new Set(CHECKS.map((c) => c.id)).size).toBe(CHECKS.length);
  });

  it('names each check by its first requirement, as its file is named', () => {
    const prefix = (id: string) => id.split('-').slice(0, 2).join('-').toUpperCase();
    expect(CHECKS.filter((c) => prefix(c.id) !== c.requirements[0]).map((c) => c.id)).toEqual([]);
  });
});
