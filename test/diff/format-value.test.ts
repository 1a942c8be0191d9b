import { describe, expect, it } from 'vitest';
import { formatValue } from '../../src/diff/format-value.ts';

describe('formatValue', () => {
  const cases: Array<[string, { value: unknown; key?: string; want: string }]> = [
    ['absent', { value: undefined, want: 'none' }],
    ['a string as it is', { value: 'required', want: 'required' }],
    ['a list as JSON', { value: ['a', 'b'], want: '["a","b"]' }],
    ['a schema by its type', { value: { type: 'string', format: 'uuid' }, want: 'string (uuid)' }],
    ['a constant', { value: { const: 'chat.message' }, want: '"chat.message"' }],
    ['an enum', { value: { enum: ['dm', 'group'] }, want: 'one of "dm", "group"' }],
    [
      'an object by its fields',
      { value: { type: 'object', properties: { a: {}, b: {} } }, want: 'object {a, b}' },
    ],
    ['an untyped schema', { value: { description: 'when' }, want: 'any' }],
    ['properties by name', { value: { a: {}, b: {} }, key: 'properties', want: '{a, b}' }],
    ['cut at 80', { value: 'x'.repeat(100), want: `${'x'.repeat(79)}…` }],
  ];
  it.each(cases)('%s', (_, { value, key, want }) => expect(formatValue(value, key)).toBe(want));
});
