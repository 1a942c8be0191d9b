import { byItem } from './by-item.js';
import type { ExplainedChange } from './explain-changes.js';

/**
 * The diff as Markdown for a pull-request comment: a heading with the count, then a table per
 * item. Values go in code spans; pipes and backticks in them are escaped so no cell breaks.
 */
export function renderMarkdown(from: string, to: string, changes: ExplainedChange[]): string {
  const breaking = changes.filter((change) => change.kind === 'breaking').length;
  const out = [`### Service API ${from} → ${to}: ${changes.length} changes, ${breaking} breaking`];
  if (!changes.length) out.push('', 'No document changes.');
  for (const item of byItem(changes)) {
    out.push(
      '',
      `#### ${item.kind === 'breaking' ? '⚠️ ' : ''}${item.item} (${item.kind})`,
      '',
      '| | Change | Requirements | Before | After |',
      '|---|---|---|---|---|',
    );
    for (const line of item.lines)
      out.push(
        `| ${line.kind === 'breaking' ? '**breaking**' : 'additive'} | ${cell(line.sentence)} | ${line.requirements.join(', ')} | ${value(line.before)} | ${value(line.after)} |`,
      );
  }
  return out.join('\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function value(text: string | undefined): string {
  if (text === undefined) return '';
  return `<code>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\|/g, '&#124;')}</code>`;
}
