import { describe, expect, it } from 'vitest';
import { type ExplainedChange, explainChanges } from '../../src/diff/explain-changes.ts';
import { loadVersionRegistry } from '../../src/versions.ts';
import { adjacentVersions, datedDocuments } from '../support/adjacent-versions.ts';

// Every change carries the requirement IDs the registry gives its item in the version that made
// it, exactly: for adjacent versions, the IDs of each changed item are the registry's for it.
const documents = datedDocuments();
const registry = loadVersionRegistry();
const explain = (from: string, to: string) =>
  explainChanges(from, to, (version) => documents.get(version)!, registry);
const byItem = (changes: ExplainedChange[]) =>
  Object.fromEntries(
    [...new Set(changes.map((change) => change.item))].map((item) => [
      item,
      [
        ...new Set(changes.filter((change) => change.item === item).flatMap((c) => c.requirements)),
      ].sort(),
    ]),
  );

describe('explainChanges', () => {
  it.each(adjacentVersions(documents).map((pair) => [pair.name, pair] as const))(
    '%s: each item carries exactly the requirements versions.yaml gives it',
    (_, { entry }) => {
      const from = registry.versions[registry.versions.indexOf(entry) - 1]!.version;
      const changes = explain(from, entry.version);
      const declared = Object.fromEntries(
        entry.changes.map((change) => [
          change.path ? `path ${change.path}` : `webhook ${change.webhook}`,
          [...change.requirements].sort(),
        ]),
      );
      expect(byItem(changes)).toEqual(declared);
      for (const change of changes) {
        expect(change.versions).toEqual([entry.version]);
        expect(change.sentence).toMatch(/^\S.*\.$/);
      }
    },
  );

  it('across several versions, each change is credited to the version that made it', () => {
    const changes = explain('2026-06-01', '2026-08-25');
    const at = (item: string, key: string) =>
      changes.find((change) => change.item === item && change.at.endsWith(key))!;
    expect(at('webhook chat.message', 'x-membership')).toMatchObject({
      kind: 'breaking',
      requirements: ['VER-11'],
      versions: ['2026-08-20'],
      before: undefined,
      after: 'required',
    });
    expect(at('webhook chat.message', 'x-mention-grammar')).toMatchObject({
      requirements: ['VER-10'],
      versions: ['2026-08-07'],
      before: 'legacy',
      after: 'subteam',
    });
    expect(at('webhook chat.message', 'properties/data').requirements).toEqual(['VER-08']);
    expect(at('path /chat.postEphemeral', 'imageUrl/x-avatar-url').requirements).toEqual([
      'VER-12',
    ]);
  });

  it('backwards, the same versions explain the changes undone', () => {
    const back = explain('2026-08-20', '2026-08-07').find((c) => c.at.endsWith('x-membership'))!;
    expect(back).toMatchObject({
      requirements: ['VER-11'],
      before: 'required',
      after: undefined,
      sentence: '`chat.message` deliveries no longer depend on chat membership.',
    });
  });
});
