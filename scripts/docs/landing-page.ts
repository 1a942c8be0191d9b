import type { DocumentChange } from '../../src/diff/diff-documents.ts';
import type { VersionRegistry } from '../../src/versions.ts';
import { type Page, escapeHtml, navigation } from './pages.ts';

/** What the landing page shows of one version: its registry entry and its computed diff. */
interface VersionSummary {
  version: string;
  changes: DocumentChange[];
}

const inlineCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** The landing page: a versions table, the changelog newest first, and links to every reference. */
export function renderLanding(
  registry: VersionRegistry,
  summaries: VersionSummary[],
  pages: Page[],
): string {
  const byVersion = new Map(summaries.map((summary) => [summary.version, summary.changes]));
  const rows = registry.versions.map((entry, index) => {
    const changes = byVersion.get(entry.version) ?? [];
    const breaking = changes.filter((change) => change.kind === 'breaking').length;
    const computed = index === 0 ? 'baseline' : `${changes.length} changes, ${breaking} breaking`;
    return (
      `<tr data-version="${entry.version}"><td><a href="v1-${entry.version}.html">${entry.version}</a>${entry.version === registry.latest ? ' (latest)' : ''}</td>` +
      `<td>${entry.status}</td><td>${entry.version}</td><td>${entry.sunset ?? '—'}</td>` +
      `<td>${inlineCode(entry.summary)} <small>${entry.requirements.join(', ')}</small></td><td>${computed}</td></tr>`
    );
  });
  const changelog = [...registry.versions].reverse().map((entry) => {
    const items = [
      ...new Set(
        (byVersion.get(entry.version) ?? []).map((change) => `${change.item}: ${change.kind}`),
      ),
    ];
    // An item with breaking and additive leaves is listed once, as breaking.
    const worst = items.filter(
      (line) => line.endsWith('breaking') || !items.includes(line.replace(/additive$/, 'breaking')),
    );
    const list = worst.length
      ? `<ul>${worst.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
      : '<p>No document changes.</p>';
    return `<section class="release" id="v${entry.version}"><h3>${entry.version}${entry.breaking ? ' — breaking' : ''}</h3><p>${inlineCode(entry.summary)}</p>${list}</section>`;
  });
  const references = pages
    .filter((page) => page.api)
    .map((page) => `<li><a href="${page.file}">${escapeHtml(page.label)}</a></li>`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf8" />
<title>Service API: versions and changelog</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: #111827; }
  main { max-width: 72em; margin: 0 auto; padding: 1em 2em; }
  nav.versions { display: flex; gap: 1em; align-items: center; padding: 0.5em 1em; background: #1f2937; color: #f9fafb; }
  nav.versions a { color: #f9fafb; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #e5e7eb; padding: 0.4em; text-align: left; vertical-align: top; }
  small { color: #6b7280; }
</style>
</head>
<body>
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
<div id="changelog">
${changelog.join('\n')}
</div>
</main>
</body>
</html>
`;
}
