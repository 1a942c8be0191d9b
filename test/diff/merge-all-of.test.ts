import { describe, expect, it } from 'vitest';
import { mergeAllOf } from '../../src/diff/merge-all-of.ts';

describe('mergeAllOf', () => {
  const cases: Array<[string, { given: unknown; want: unknown }]> = [
    ['no allOf', { given: { type: 'string' }, want: { type: 'string' } }],
    [
      'properties merge by name, required joins',
      {
        given: {
          allOf: [
            { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
            { required: ['b'], properties: { a: { maxLength: 3 }, b: { type: 'integer' } } },
          ],
        },
        want: {
          type: 'object',
          required: ['a', 'b'],
          properties: { a: { type: 'string', maxLength: 3 }, b: { type: 'integer' } },
        },
      },
    ],
    [
      'siblings of allOf apply last',
      {
        given: { allOf: [{ description: 'part' }], description: 'whole' },
        want: { description: 'whole' },
      },
    ],
    [
      'nested',
      {
        given: { properties: { x: { allOf: [{ type: 'object' }, { minProperties: 1 }] } } },
        want: { properties: { x: { type: 'object', minProperties: 1 } } },
      },
    ],
  ];
  it.each(cases)('%s', (_, { given, want }) => expect(mergeAllOf(given)).toEqual(want));
});
