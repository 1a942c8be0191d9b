import { type ChangeKind, DOCUMENTATION } from './classify.js';
import type { ExplainedChange } from './explain-changes.js';
import { formatValue } from './format-value.js';
import { groupBy } from '../group-by.js';

/** One line of a changelog: a sentence, how it breaks, why, and the values before and after. */
export interface ReaderLine {
  kind: ChangeKind;
  requirements: string[];
  sentence: string;
  /** One-line values; absent on a line that sums up changes of wording. */
  before?: string;
  after?: string;
}

/** The changes of one path item or webhook, breaking first. */
export interface ItemChanges {
  item: string;
  /** Breaking when any of its changes breaks. */
  kind: ChangeKind;
  requirements: string[];
  lines: ReaderLine[];
}

/**
 * The changes grouped by item for readers: each change of substance on its own line, and the
 * changes of wording only (descriptions, titles, examples) summed up in one line, since their
 * texts are long and break no one (`--json` keeps every one).
 */
export function byItem(changes: ExplainedChange[]): ItemChanges[] {
  const items = groupBy(changes, (change) => change.item);
  return [...items].map(([item, all]) => {
    const wording = all.filter(isWording);
    const lines: ReaderLine[] = all
      .filter((change) => !isWording(change))
      .map((change) => ({
        kind: change.kind,
        requirements: change.requirements,
        sentence: change.sentence,
        before: formatValue(change.before, change.at.split('/').at(-1)),
        after: formatValue(change.after, change.at.split('/').at(-1)),
      }))
      .sort((a, b) => Number(a.kind !== 'breaking') - Number(b.kind !== 'breaking'));
    if (wording.length) lines.push(wordingLine(wording));
    return {
      item,
      kind: lines.some((line) => line.kind === 'breaking') ? 'breaking' : 'additive',
      requirements: [...new Set(all.flatMap((change) => change.requirements))],
      lines,
    };
  });
}

function isWording(change: ExplainedChange): boolean {
  const keys = change.at.split('/');
  return keys.includes('examples') || DOCUMENTATION.has(keys.at(-1) ?? '');
}

function wordingLine(changes: ExplainedChange[]): ReaderLine {
  const keys = [...new Set(changes.map((change) => change.at.split('/').at(-1)))];
  const places = changes.length === 1 ? '1 place' : `${changes.length} places`;
  return {
    kind: 'additive',
    requirements: [...new Set(changes.flatMap((change) => change.requirements))],
    sentence: `Wording of the documentation only, in ${places} (${keys.join(', ')}).`,
  };
}
