import { isRecord } from '../../src/is-record.ts';

type Entry = Record<string, unknown>;

const KINDS = ['rename', 'add', 'remove', 'enum'];
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Names that would reach an object's prototype where a shape is rewritten: never a field. */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);
const isFieldName = (value: unknown): value is string =>
  typeof value === 'string' && NAME.test(value) && !RESERVED.has(value);
const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

/**
 * What is missing or wrong in one version's `instructions` (openapi/versions.yaml), each named by
 * its place, so the build stops at the declaration rather than where a consumer reads it.
 */
export function instructionProblems(instructions: unknown): string[] {
  if (instructions === undefined) return [];
  if (!Array.isArray(instructions)) return ['`instructions` is no list'];
  return instructions.flatMap((instruction: unknown, index) => {
    const name = `instructions[${index}]`;
    if (!isRecord(instruction)) return [`${name}: no mapping`];
    return oneProblems(instruction).map((problem) => `${name}: ${problem}`);
  });
}

function oneProblems(instruction: Entry): string[] {
  const { kind, webhook, path, field } = instruction;
  const problems: string[] = [];
  if (!KINDS.includes(kind as string))
    problems.push(`\`kind\` is ${JSON.stringify(kind)}: one of ${KINDS.join(', ')}`);
  if (isText(webhook) === isText(path))
    problems.push('name exactly one target: `webhook` (an event) or `path` (a v1 path)');
  if (isText(path) && !path.startsWith('/')) problems.push('`path` starts with /');
  if (!isFieldName(field))
    problems.push('`field` names one top-level field of the payload (its `data`) or the answer');
  if (!Array.isArray(instruction.requirements) || instruction.requirements.length === 0)
    problems.push('no `requirements`: the IDs the change touches');
  if (!isText(instruction.summary)) problems.push('no `summary`, a sentence for the changelog');
  problems.push(...kindProblems(instruction));
  return problems;
}

function kindProblems(instruction: Entry): string[] {
  switch (instruction.kind) {
    case 'rename':
      return isFieldName(instruction.to) ? [] : ['a rename names its new name in `to`'];
    case 'add': {
      const problems = isRecord(instruction.schema) ? [] : ['an addition gives its `schema`'];
      const value = instruction.value;
      if (!isRecord(value) || !(isText(value.copy) || Object.hasOwn(value, 'const')))
        problems.push('an addition gives its `value`: `{copy: <field>}` or `{const: <value>}`');
      return problems;
    }
    case 'enum':
      return isRecord(instruction.map) &&
        Object.keys(instruction.map).length > 0 &&
        Object.values(instruction.map).every(isText)
        ? []
        : ['an enum change maps old values to new in `map`'];
    default:
      return [];
  }
}
