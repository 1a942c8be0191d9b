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

  it('since() refuses such a gate at a listed version; v0 and unlisted versions are false first', () => {
    const without = { ...registry, versions: registry.versions.map((v) => ({ ...v, gates: [] })) };
    expect(() => since(versions.at(-1)!, 'envelope', without)).toThrow(/no version of the/);
    expect(since('v0', 'envelope', without)).toBe(false);
    expect(since('1999-01-01', 'envelope', without)).toBe(false);
  });

  // since() reads an index of its registry: another registry, or a copy changed since it was
  // last asked, answers from its own gates, not from an index of the shipped one.
  it('answers each registry from its own gates', () => {
    const [first, ...rest] = registry.versions;
    const [gate, introduced] = gates.find(([, version]) => version !== first!.version)!;
    const early = { id: gate, requirements: [], summary: '' };
    const moved = { ...registry, versions: [{ ...first!, gates: [early] }, ...rest] };
    expect(since(first!.version, gate)).toBe(false);
    expect(since(first!.version, gate, moved)).toBe(true);
    expect(gateVersion(gate, moved)).toBe(first!.version);
    moved.versions = rest;
    expect(since(first!.version, gate, moved)).toBe(false);
    expect(gateVersion(gate, moved)).toBe(introduced);
  });
});
