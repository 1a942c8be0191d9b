// profile/: what the suite knows of an implementation: the profile file, its facts, the readings.
import { listApiDocuments, readBundledDocument } from '../../documents.js';
import { listOperations } from '../../openapi/operations.js';

/** The most unknown entries a message lists; the rest are counted. */
const SHOWN = 5;

let known: string[] | undefined;

/**
 * Every operation the documents describe, as a profile's `implements` names it: `v0`, `v1` (any
 * dated version) or `auth`, the method in lower case, the path (`v1 post /chat.postEphemeral`).
 */
function documentedOperations(): string[] {
  known ??= [
    ...new Set(
      listApiDocuments().flatMap((api) => {
        const generation = api.version ? 'v1' : api.name;
        return listOperations(readBundledDocument(api))
          .filter((entry) => entry.kind === 'path')
          .map((entry) => `${generation} ${entry.method} ${entry.name}`);
      }),
    ),
  ];
  return known;
}

/**
 * Why entries of `implements` name no documented operation, one problem each (at most a few, then
 * a count): an entry that only differs in case says how to write it. A run whose entries match
 * nothing would report its checks as not applicable and pass, so such a profile is refused.
 */
export function implementsProblems(entries: readonly string[]): string[] {
  const operations = documentedOperations();
  const byFolded = new Map(operations.map((o) => [fold(o), o]));
  const unknown = entries.filter((entry) => !operations.includes(entry));
  const problems = unknown.slice(0, SHOWN).map((entry) => {
    const meant = byFolded.get(fold(entry));
    return meant
      ? `implements: "${entry}" is written "${meant}" (generation and method in lower case)`
      : `implements: "${entry}" is no operation of the documents`;
  });
  if (unknown.length > SHOWN)
    problems.push(`implements: ${unknown.length - SHOWN} more like these`);
  if (problems.length) problems.push(`implements takes entries such as: ${operations.join(', ')}`);
  return problems;
}

/** An entry compared without case or repeated spaces. */
const fold = (entry: string) => entry.trim().replaceAll(/\s+/g, ' ').toLowerCase();
