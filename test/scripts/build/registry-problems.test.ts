import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { registryProblems } from '../../../scripts/build/registry-problems.ts';
import { PROJECT_ROOT } from '../../../src/project-root.ts';

const SHIPPED = parse(readFileSync(join(PROJECT_ROOT, 'openapi', 'versions.yaml'), 'utf8'));
const GATE = { id: 'renamed-text', requirements: ['DLV-12'], summary: 'Renames text.' };
const ENTRY = {
  version: '2099-01-01',
  summary: 'Renames text.',
  requirements: ['DLV-12'],
  gates: [GATE],
};
const RENAME = {
  kind: 'rename',
  webhook: 'chat.message',
  field: 'text',
  to: 'messageText',
  requirements: ['DLV-12'],
  summary: 'The message text is `messageText`.',
};
/** The shipped registry with one entry appended. */
const withEntry = (entry: object) => ({ ...SHIPPED, versions: [...SHIPPED.versions, entry] });
const AT = `versions[${SHIPPED.versions.length}] (2099-01-01)`;

describe('registryProblems: the registry as a build takes it (#34)', () => {
  it('finds none in the shipped registry, nor in a complete new entry', () => {
    expect(registryProblems(SHIPPED)).toEqual([]);
    expect(registryProblems(withEntry(ENTRY))).toEqual([]);
    expect(registryProblems(withEntry({ ...ENTRY, instructions: [RENAME] }))).toEqual([]);
  });

  it.each<[string, object, string]>([
    [
      "the scaffold's summary",
      {
        ...ENTRY,
        summary: "What changed against 2026-08-25, as the specification's history says.",
      },
      `${AT}: \`summary\` is still the scaffold's: say what the version changed`,
    ],
    [
      'no summary',
      { ...ENTRY, summary: ' ' },
      `${AT}: no \`summary\`: what changed, for the changelog`,
    ],
    [
      'no requirements',
      { ...ENTRY, requirements: [] },
      `${AT}: \`requirements\` is empty: name the requirement IDs the change touches`,
    ],
    [
      'a gate without a summary',
      { ...ENTRY, gates: [{ ...GATE, summary: undefined }] },
      `${AT}: gates[0] (renamed-text): no \`summary\`, a sentence for the changelog`,
    ],
    [
      'a gate without requirements',
      { ...ENTRY, gates: [{ ...GATE, requirements: [] }] },
      `${AT}: gates[0] (renamed-text): no \`requirements\``,
    ],
    ['a version that is no date', { ...ENTRY, version: 'next' }, '`version` is no date YYYY-MM-DD'],
    [
      'an instruction of no known kind',
      { ...ENTRY, instructions: [{ ...RENAME, kind: 'move' }] },
      `${AT}: instructions[0]: \`kind\` is "move": one of rename, add, remove, enum`,
    ],
    [
      'an instruction with two targets',
      { ...ENTRY, instructions: [{ ...RENAME, path: '/chat.postEphemeral' }] },
      `${AT}: instructions[0]: name exactly one target`,
    ],
    [
      'a rename without its new name',
      { ...ENTRY, instructions: [{ ...RENAME, to: undefined }] },
      `${AT}: instructions[0]: a rename names its new name in \`to\``,
    ],
    [
      'a nested field',
      { ...ENTRY, instructions: [{ ...RENAME, field: 'sender.name' }] },
      `${AT}: instructions[0]: \`field\` names one top-level field`,
    ],
    [
      'a field that would reach the prototype',
      { ...ENTRY, instructions: [{ ...RENAME, to: '__proto__' }] },
      `${AT}: instructions[0]: a rename names its new name in \`to\``,
    ],
    [
      'an instruction without a summary',
      { ...ENTRY, instructions: [{ ...RENAME, summary: '' }] },
      `${AT}: instructions[0]: no \`summary\``,
    ],
    [
      'an addition without its value',
      { ...ENTRY, instructions: [{ ...RENAME, kind: 'add', schema: { type: 'string' } }] },
      `${AT}: instructions[0]: an addition gives its \`value\``,
    ],
    [
      'an enum change without its map',
      { ...ENTRY, instructions: [{ ...RENAME, kind: 'enum' }] },
      `${AT}: instructions[0]: an enum change maps old values to new in \`map\``,
    ],
  ])('names %s with its entry and field', (_, entry, problem) => {
    expect(registryProblems(withEntry(entry)).join('\n')).toContain(problem);
  });
});
