import { describe, expect, it } from 'vitest';
import { shapeFindings } from '../../src/version-changes/findings.ts';
import { ADD, ENUM, REMOVE, RENAME, registryWith } from './registry.ts';

const registry = registryWith([RENAME, ADD, REMOVE, ENUM]);
const findings = (version: string, shape: Record<string, unknown>) =>
  shapeFindings({ path: '/x' }, version, shape, registry).map((f) => f.message.split(' (')[0]);

describe('how a shape differs from its declared changes', () => {
  it.each([
    ['the declared form', '2030-02-01', { new: 1, n: 2, count: 2, kind: 'direct' }, []],
    [
      'an old name after the rename',
      '2030-02-01',
      { old: 1 },
      ['carries `old`, named `new` from 2030-02-01'],
    ],
    ['both names (additive, VER-07)', '2030-02-01', { old: 1, new: 1 }, []],
    ['an added field missing', '2030-02-01', { n: 2 }, ['lacks `count`, sent from 2030-02-01']],
    ['an added field whose source is absent', '2030-02-01', {}, []],
    [
      'a removed field still sent',
      '2030-02-01',
      { gone: 3 },
      ['carries `gone`, no longer sent from 2030-02-01'],
    ],
    [
      'an old enum value',
      '2030-02-01',
      { kind: 'dm' },
      ['says `kind`: `dm`, which is `direct` from 2030-02-01'],
    ],
    [
      'the new name before its version',
      '2030-01-01',
      { new: 1 },
      ['carries `new`, named `old` before 2030-02-01'],
    ],
    [
      'the new enum value before its version',
      '2030-01-01',
      { kind: 'direct' },
      ['says `kind`: `direct`, which is `dm` before 2030-02-01'],
    ],
    ['an added field early (additive)', '2030-01-01', { count: 1 }, []],
    ['the earlier form before the version', '2030-01-01', { old: 1, gone: 3, kind: 'dm' }, []],
    ['anything at v0', 'v0', { new: 1 }, []],
  ])('%s', (_, version, shape, messages) => {
    expect(findings(version, shape)).toEqual(messages);
  });
});
