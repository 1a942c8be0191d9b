import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../src/diff/diff-documents.ts';
import { adjacentVersions, datedDocuments } from '../support/adjacent-versions.ts';

// The computed diff of every adjacent pair of dated versions agrees with openapi/versions.yaml:
// the same items change, and the version is breaking exactly when it says so.
const documents = datedDocuments();

describe('diff of adjacent versions', () => {
  it.each(adjacentVersions(documents).map((pair) => [pair.name, pair] as const))(
    '%s agrees with versions.yaml',
    (_, { from, to, entry, declared }) => {
      const changes = diffDocuments(from, to);
      expect([...new Set(changes.map((change) => change.item))].sort()).toEqual(declared);
      expect(changes.some((change) => change.kind === 'breaking')).toBe(entry.breaking);
    },
  );

  it('VER-09: none from 2026-07-07 to 2026-07-23', () => {
    expect(diffDocuments(documents.get('2026-07-07')!, documents.get('2026-07-23')!)).toEqual([]);
  });

  it('VER-08: the envelope moves chat.message fields into data, breaking receivers', () => {
    const changes = diffDocuments(
      documents.get('2026-06-01')!,
      documents.get('2026-07-07')!,
    ).filter((c) => c.item === 'webhook chat.message');
    const at = (change: { path: string[] }) => change.path.slice(7).join('/');
    expect(changes.filter((c) => c.kind === 'breaking').map(at)).toEqual(
      expect.arrayContaining(['properties/chatType', 'properties/text']),
    );
    expect(changes.filter((c) => c.kind === 'additive').map(at)).toEqual(
      expect.arrayContaining(['properties/data', 'properties/apiVersion', 'required']),
    );
  });

  it('VER-12: 2026-08-25 breaks exactly at the avatar gate', () => {
    const breaking = diffDocuments(
      documents.get('2026-08-20')!,
      documents.get('2026-08-25')!,
    ).filter((c) => c.kind === 'breaking');
    // The gate on the field and on the operation (which the front reads) are the one rule.
    expect(breaking.map((c) => c.path.slice(2).join('/'))).toEqual([
      'post/requestBody/content/application/json/schema/properties/sender/properties/imageUrl/x-avatar-url',
      'post/x-avatar-url',
    ]);
  });

  it('a removed webhook breaks, an added one does not', () => {
    const base = documents.get('2026-08-25')!;
    const fewer = structuredClone(base);
    delete fewer.webhooks!['meeting.ended'];
    expect(diffDocuments(base, fewer).map((c) => [c.item, c.kind])).toEqual([
      ['webhook meeting.ended', 'breaking'],
    ]);
    expect(diffDocuments(fewer, base).map((c) => [c.item, c.kind])).toEqual([
      ['webhook meeting.ended', 'additive'],
    ]);
  });
});
