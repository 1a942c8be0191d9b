import { instructionProblems } from './instruction-problems.ts';

/** The scaffold's summary (scripts/version-new.ts): a version that still says it was not written. */
const PLACEHOLDER =
  /^What changed against \d{4}-\d{2}-\d{2}, as the specification's history says\.$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Entry = Record<string, unknown>;

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';
const isList = (value: unknown): value is unknown[] => Array.isArray(value) && value.length > 0;

/**
 * What is missing or left as scaffolded in openapi/versions.yaml, each naming the entry and the
 * field, so a build stops there rather than shipping a placeholder into the changelog or failing
 * later where the field is read (a gate without `summary` once failed in the docs build as a
 * TypeError).
 */
export function registryProblems(registry: unknown): string[] {
  if (typeof registry !== 'object' || registry === null) return ['it is no mapping'];
  const { baseline, versions } = registry as Entry;
  if (!Array.isArray(versions) || versions.length === 0) return ['`versions` lists no version'];
  return versions.flatMap((entry: Entry, index) => {
    const name = `versions[${index}] (${String(entry?.version)})`;
    return versionProblems(entry ?? {}, entry?.version === baseline).map((p) => `${name}: ${p}`);
  });
}

function versionProblems(entry: Entry, isBaseline: boolean): string[] {
  const problems: string[] = [];
  if (typeof entry.version !== 'string' || !DATE.test(entry.version))
    problems.push('`version` is no date YYYY-MM-DD');
  if (!isText(entry.summary)) problems.push('no `summary`: what changed, for the changelog');
  else if (PLACEHOLDER.test(entry.summary))
    problems.push("`summary` is still the scaffold's: say what the version changed");
  if (!isBaseline && !isList(entry.requirements))
    problems.push('`requirements` is empty: name the requirement IDs the change touches');
  const gates = Array.isArray(entry.gates) ? (entry.gates as Entry[]) : [];
  gates.forEach((gate, index) => {
    const name = `gates[${index}] (${String(gate?.id)})`;
    if (!isText(gate?.id)) problems.push(`${name}: no \`id\`, the name since() asks`);
    if (!isList(gate?.requirements)) problems.push(`${name}: no \`requirements\``);
    if (!isText(gate?.summary))
      problems.push(`${name}: no \`summary\`, a sentence for the changelog`);
  });
  problems.push(...instructionProblems(entry.instructions));
  return problems;
}
