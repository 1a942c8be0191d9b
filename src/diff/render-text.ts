import { byItem } from './by-item.js';
import type { ExplainedChange } from './explain-changes.js';

/** The diff for a terminal: a count, then per item its sentences with requirement and values. */
export function renderText(from: string, to: string, changes: ExplainedChange[]): string {
  const breaking = changes.filter((change) => change.kind === 'breaking').length;
  const out = [`${from} -> ${to}: ${changes.length} changes, ${breaking} breaking`];
  for (const item of byItem(changes)) {
    out.push('', `${item.kind} ${item.item}${requirementList(item.requirements)}`);
    for (const line of item.lines) {
      out.push(`  ${line.kind.padEnd(8)}  ${line.sentence}${requirementList(line.requirements)}`);
      if (line.before !== undefined)
        out.push(`            before: ${line.before}`, `            after:  ${line.after}`);
    }
  }
  return out.join('\n');
}

function requirementList(requirements: string[]): string {
  return requirements.length ? ` (${requirements.join(', ')})` : '';
}
