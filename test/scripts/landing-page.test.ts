import { describe, expect, it } from 'vitest';
import { renderLanding } from '../../scripts/docs/landing-page.ts';
import { escapeHtml, listPages, navigation } from '../../scripts/docs/pages.ts';
import { loadVersionRegistry } from '../../src/versions.ts';

const registry = loadVersionRegistry();
const pages = listPages();

describe('docs pages', () => {
  it('lists the landing page, the dated versions newest first, then v0 and OAuth', () => {
    expect(pages.map((page) => page.file)).toEqual([
      'index.html',
      'v1-2026-08-25.html',
      'v1-2026-08-20.html',
      'v1-2026-08-07.html',
      'v1-2026-07-23.html',
      'v1-2026-07-07.html',
      'v1-2026-06-01.html',
      'v0.html',
      'auth.html',
      'receiving-webhooks.html',
    ]);
    expect(pages[1]!.label).toBe('v1 2026-08-25 (latest)');
  });

  it('marks the current page in the switcher', () => {
    const nav = navigation(pages, pages[2]!);
    expect(nav.match(/ selected/g)).toHaveLength(1);
    expect(nav).toContain('<option value="v1-2026-08-20.html" selected>');
  });

  it('escapes what it prints', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('renders summaries with code, computed diffs and the breaking flag', () => {
    const html = renderLanding(
      registry,
      [
        {
          version: '2026-07-07',
          changes: [
            { item: 'webhook chat.message', kind: 'breaking', path: [], before: 1, after: 2 },
            { item: 'webhook chat.message', kind: 'additive', path: [], before: 1, after: 2 },
          ],
        },
      ],
      pages,
    );
    expect(html).toContain('<td>2 changes, 1 breaking</td>');
    expect(html).toContain('<h3>2026-07-07 — breaking</h3>');
    expect(html).toContain('<li>webhook chat.message: breaking</li>');
    expect(html).not.toContain('chat.message: additive');
    expect(html).toContain('<code>{type, eventId, timestamp, apiVersion, data}</code>');
  });
});
