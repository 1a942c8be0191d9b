import { describe, expect, it } from 'vitest';
import { gateVersion, listVersions, loadVersionRegistry, since } from '../src/versions.ts';

// The registry's gates: each names the version that introduced a behaviour, and `since` answers
// for every version from the registry alone.
describe('since and gateVersion', () => {
  const registry = loadVersionRegistry();
  const versions = listVersions();
  const gates = registry.versions.flatMap((v) => v.gates.map((g) => [g.id, v.version] as const));

  it.each(gates)('%s is introduced by %s and holds from it on, never at v0', (gate, introduced) => {
    expect(gateVersion(gate)).toBe(introduced);
    const from = versions.indexOf(introduced);
    expect(versions.map((v) => since(v, gate))).toEqual(versions.map((_, i) => i >= from));
    expect(since('v0', gate)).toBe(false);
    expect(since('1999-01-01', gate)).toBe(false);
  });

  it('a gate the registry does not list is refused, not taken for false', () => {
    const without = { ...registry, versions: registry.versions.map((v) => ({ ...v, gates: [] })) };
    expect(() => gateVersion('envelope', without)).toThrow(/no version of the registry/);
  });
});
