import { describe, expect, it } from 'vitest';
import { type ItemName, changedItems } from '../support/changed-items.ts';
import { adjacentVersions, datedDocuments } from '../support/adjacent-versions.ts';

// Each dated document differs from its predecessor exactly where openapi/versions.yaml says (VER-08
// envelope at 2026-07-07, VER-09 nothing at 2026-07-23, VER-10, VER-11, VER-12 avatar gate).
const documents = datedDocuments();

describe('adjacent dated versions', () => {
  it.each(adjacentVersions(documents).map((pair) => [pair.name, pair] as const))(
    '%s differ where versions.yaml says',
    (_, { from, to, declared }) => {
      expect(changedItems(from, to)).toEqual(declared);
    },
  );

  it('VER-09: 2026-07-23 delivers the same shapes as 2026-07-07', () => {
    expect(changedItems(documents.get('2026-07-07')!, documents.get('2026-07-23')!)).toEqual([]);
  });
});

describe('changedItems', () => {
  const base = documents.get('2026-06-01')!;
  const cases: Array<[string, { edit: (doc: any) => void; want: ItemName[] }]> = [
    ['an identical copy', { edit: () => {}, want: [] }],
    [
      'a changed response description',
      {
        edit: (doc) => (doc.paths['/webhook.list'].get.responses['200'].description = 'x'),
        want: ['path /webhook.list'],
      },
    ],
    [
      'a changed shared schema, reached through $ref',
      {
        edit: (doc) => (doc.components.schemas['Sender'].properties.name.maxLength = 64),
        want: ['path /chat.postEphemeral'],
      },
    ],
    [
      'a removed webhook',
      { edit: (doc) => delete doc.webhooks['meeting.ended'], want: ['webhook meeting.ended'] },
    ],
    ['another pinned version only', { edit: (doc) => (doc.info.version = '2099-01-01'), want: [] }],
  ];
  it.each(cases)('%s', (_, { edit, want }) => {
    const copy = structuredClone(base);
    edit(copy);
    expect(changedItems(base, copy)).toEqual(want);
  });
});
