import { type ApiDocument, listApiDocuments } from '../../src/documents.ts';
import { loadVersionRegistry } from '../../src/versions.ts';

/** One page of the docs site: a Redoc reference of one bundled document, or the landing page. */
export interface Page {
  file: string;
  label: string;
  api?: ApiDocument;
}

/** The page of the requirement list, which the references and the changelog link. */
export const REQUIREMENTS_PAGE: Page = { file: 'requirements.html', label: 'Requirements' };

/**
 * The landing page, then the dated versions newest first, then v0 and OAuth, the guide to
 * receiving webhooks and the requirements.
 */
export function listPages(apis = listApiDocuments()): Page[] {
  const latest = loadVersionRegistry().latest;
  const dated = apis
    .filter((api) => api.version)
    .sort((a, b) => b.version!.localeCompare(a.version!));
  return [
    { file: 'index.html', label: 'Versions and changelog' },
    ...dated.map((api) => ({
      file: `v1-${api.version}.html`,
      label: `v1 ${api.version}${api.version === latest ? ' (latest)' : ''}`,
      api,
    })),
    ...apis
      .filter((api) => api.name === 'v0')
      .map((api) => ({ file: 'v0.html', label: 'v0 (legacy)', api })),
    ...apis
      .filter((api) => api.name === 'auth')
      .map((api) => ({ file: 'auth.html', label: 'OAuth server', api })),
    { file: 'receiving-webhooks.html', label: 'Receiving webhooks' },
    REQUIREMENTS_PAGE,
  ];
}

export { escapeHtml } from '../../src/http/escape-html.ts';
import { escapeHtml } from '../../src/http/escape-html.ts';

/** The version switcher every page carries, with the current page selected. */
export function navigation(pages: Page[], current: Page): string {
  const options = pages
    .map(
      (page) =>
        `<option value="${page.file}"${page === current ? ' selected' : ''}>${escapeHtml(page.label)}</option>`,
    )
    .join('');
  return [
    '<nav class="versions" aria-label="API versions">',
    '<a href="index.html">Service API</a>',
    '<label>Version <select id="version-switcher" onchange="location.href = this.value">',
    options,
    '</select></label>',
    '</nav>',
  ].join('');
}
