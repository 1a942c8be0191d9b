import { describe, expect, it } from 'vitest';
import {
  markdownLink,
  rewordDocument,
  specificationWording,
} from '../../scripts/docs/specification-wording.ts';

describe('specificationWording', () => {
  const cases: Array<[string, { text: string; want: string }]> = [
    [
      'inside a sentence',
      {
        text: 'The body is not shown in SPEC.md.',
        want: 'The body is not shown in the specification.',
      },
    ],
    [
      'starting the text',
      { text: 'SPEC.md says only that', want: 'The specification says only that' },
    ],
    [
      'starting a sentence',
      { text: 'A list. SPEC.md gives no more.', want: 'A list. The specification gives no more.' },
    ],
    [
      'after a wrapped line',
      { text: 'which\nSPEC.md does not show', want: 'which\nthe specification does not show' },
    ],
    ['possessive', { text: "SPEC.md's table", want: "The specification's table" }],
    [
      'as code',
      {
        text: 'Every rule of `SPEC.md`, numbered',
        want: 'Every rule of the specification, numbered',
      },
    ],
    [
      'the words, as the sources write them',
      {
        text: "The specification's table, as the specification says",
        want: "The specification's table, as the specification says",
      },
    ],
  ];
  it.each(cases)('%s', (_, { text, want }) => expect(specificationWording(text)).toBe(want));

  it('links the words as it links the file name', () => {
    expect(specificationWording('Not shown in the specification.', markdownLink)).toBe(
      `Not shown in ${markdownLink('the specification')}.`,
    );
    expect(specificationWording('The specification says', markdownLink)).toBe(
      `${markdownLink('The specification')} says`,
    );
  });

  it('links in descriptions, words elsewhere, keys untouched', () => {
    expect(
      rewordDocument({
        description: 'Not shown in SPEC.md.',
        summary: 'SPEC.md is silent',
        examples: [{ 'SPEC.md': 'in SPEC.md' }],
      }),
    ).toEqual({
      description: `Not shown in ${markdownLink('the specification')}.`,
      summary: 'The specification is silent',
      examples: [{ 'SPEC.md': 'in the specification' }],
    });
  });
});
