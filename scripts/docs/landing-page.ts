import { type ReaderLine, byItem } from '../../src/diff/by-item.ts';
import type { ExplainedChange } from '../../src/diff/explain-changes.ts';
import { type VersionRegistry, gateVersion } from '../../src/versions.ts';
import { type Page, escapeHtml, navigation } from './pages.ts';
import { htmlLink, specificationWording } from './specification-wording.ts';
import { pageHead } from './page-head.ts';

/** What the landing page shows of one version: its registry entry and its computed diff. */
interface VersionSummary {
  version: string;
  changes: ExplainedChange[];
}

/** Escaped, with `code` spans and the specification named and linked. */
const inlineCode = (text: string) =>
  specificationWording(escapeHtml(text), htmlLink).replace(/`([^`]+)`/g, '<code>$1</code>');
const requirementLinks = (ids: string[]) =>
  ids.map((id) => `<a href="requirements.html#${escapeHtml(id)}">${escapeHtml(id)}</a>`).join(', ');

/** One change of the changelog: its sentence, how it breaks, why, and the values around it. */
function changeLine(line: ReaderLine): string {
  const facts = [
    ...(line.requirements.length ? [requirementLinks(line.requirements)] : []),
    ...(line.before === undefined
      ? []
      : [
          `before: <code>${escapeHtml(line.before)}</code>`,
          `after: <code>${escapeHtml(line.after ?? '')}</code>`,
        ]),
  ];
  return `<li class="change ${line.kind}"><span class="kind">${line.kind}</span> ${inlineCode(line.sentence)} <small>${facts.join(' · ')}</small></li>`;
}

/**
 * The behaviour a version introduced, by the gate names code asks about (`since`), and the shape
 * changes it declares (`instructions`), each with its target.
 */
function gateList(entry: VersionRegistry['versions'][number]): string {
  const gates = entry.gates.map(
    (gate) => `<li><code>${gate.id}</code>: ${inlineCode(gate.summary)}</li>`,
  );
  const shapes = (entry.instructions ?? []).map(
    (change) =>
      `<li><code>${escapeHtml(change.webhook ?? change.path!)}</code> ${change.kind} <code>${escapeHtml(change.field)}</code>: ${inlineCode(change.summary)}</li>`,
  );
  if (gates.length + shapes.length === 0) return '';
  return `<ul class="gates">${[...gates, ...shapes].join('')}</ul>`;
}

/** The landing page: a versions table, the changelog newest first, and links to every reference. */

export function renderLanding(
  registry: VersionRegistry,
  summaries: VersionSummary[],
  pages: Page[],
): string {
  const byVersion = new Map(summaries.map((summary) => [summary.version, summary.changes]));
  // The examples compare the registry's last two versions, whichever they are.
  const lastTwo = registry.versions
    .slice(-2)
    .map((v) => v.version)
    .join(' ');
  const rows = registry.versions.map((entry, index) => {
    const changes = byVersion.get(entry.version) ?? [];
    const breaking = changes.filter((change) => change.kind === 'breaking').length;
    const computed = index === 0 ? 'baseline' : `${changes.length} changes, ${breaking} breaking`;
    return (
      `<tr data-version="${entry.version}"><td><a href="v1-${entry.version}.html">${entry.version}</a>${entry.version === registry.latest ? ' (latest)' : ''}</td>` +
      `<td>${entry.status}</td><td>${entry.version}</td><td>${entry.sunset ?? '—'}</td>` +
      `<td>${inlineCode(entry.summary)}${gateList(entry)} <small>${requirementLinks(entry.requirements)}</small></td><td>${computed}</td></tr>`
    );
  });
  const changelog = [...registry.versions].reverse().map((entry) => {
    const items = byItem(byVersion.get(entry.version) ?? []).map(
      (item) =>
        `<li class="item" data-item="${escapeHtml(item.item)}"><strong>${escapeHtml(item.item)}</strong>: ${item.kind}<ul>${item.lines.map(changeLine).join('')}</ul></li>`,
    );
    const list = items.length ? `<ul>${items.join('')}</ul>` : '<p>No document changes.</p>';
    return `<section class="release" id="v${entry.version}"><h3>${entry.version}${entry.breaking ? ' — breaking' : ''}</h3><p>${inlineCode(entry.summary)}</p>${list}</section>`;
  });
  const references = pages
    .filter((page) => page.api)
    .map((page) => `<li><a href="${page.file}">${escapeHtml(page.label)}</a></li>`);
  return `${pageHead(
    'versions and changelog',
    `
main { max-width: 72em; margin: 0 auto; padding: 1em 2em; }
table { border-collapse: collapse; width: 100%; }
small { color: #6b7280; }
li.change { margin: 0.2em 0; }
.kind { display: inline-block; min-width: 5.5em; font-size: 0.85em; text-transform: uppercase; color: #6b7280; }
li.breaking .kind { color: #b91c1c; font-weight: 600; }
pre { background: #f3f4f6; padding: 0.6em; overflow-x: auto; }
`,
  )}
${navigation(pages, pages[0]!)}
<main>
<h1>Service API</h1>
<p>Dated versions of <code>/v1</code>: pin one with the <code>Service-Version</code> header. The latest is <strong>${registry.latest}</strong>.</p>
<h2>Versions</h2>
<table id="versions">
<thead><tr><th>Version</th><th>Status</th><th>Released</th><th>Sunset</th><th>What changed</th><th>Computed diff against the previous version</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
<h2>References</h2>
<ul>${references.join('')}</ul>
<h2>Changelog</h2>
<p>Each change in a sentence, with the requirements of <a href="requirements.html">the specification</a> it follows and the values before and after. <code>service-contract diff &lt;from&gt; &lt;to&gt;</code> prints the same for any two versions.</p>
<div id="changelog">
${changelog.join('\n')}
</div>
<h2 id="ci">Breaking changes in CI</h2>
<p>Generic OpenAPI diff tools (oasdiff, Optic) compare paths and their schemas. This API's breaking changes are elsewhere: in webhook payloads (the envelope of ${gateVersion('envelope')}), and in rules the documents record as <code>x-</code> annotations that those tools skip (<code>x-mention-grammar</code>, <code>x-membership</code>, <code>x-avatar-url</code>). Some also report the <code>apiVersion</code> constant each version pins as a breaking change in every pair. <code>service-contract diff</code> reads webhooks and annotations, ignores the pinned version, and agrees with the version registry.</p>
<pre><code>npx service-contract diff ${lastTwo} --format markdown   # a pull-request comment
npx service-contract diff ${lastTwo} --fail-on breaking   # exit 1 on a breaking change
npx service-contract diff ${lastTwo} --json               # every change, for tools</code></pre>
</main>
</body>
</html>
`;
}
