import { describe, expect, it } from 'vitest';
import { renderLanding } from '../../scripts/docs/landing-page.ts';
import { escapeHtml, listPages, navigation } from '../../scripts/docs/pages.ts';
import { loadVersionRegistry } from '../../src/versions.ts';

const registry = loadVersionRegistry();
const pages = listPages();

describe('docs pages', () => {
  it('lists the landing page, the dated versions newest first, then v0, OAuth and the requirements', () => {
    const newestFirst = registry.versions.map((v) => `v1-${v.version}.html`).reverse();
    expect(newestFirst.length).toBeGreaterThan(1);
    expect(pages.map((page) => page.file)).toEqual([
      'index.html',
      ...newestFirst,
      'v0.html',
      'auth.html',
      'receiving-webhooks.html',
      'requirements.html',
    ]);
    expect(pages[1]!.label).toBe(`v1 ${registry.latest} (latest)`);
  });

  it('marks the current page in the switcher', () => {
    const nav = navigation(pages, pages[2]!);
    expect(nav.match(/ selected/g)).toHaveLength(1);
    expect(nav).toContain(`<option value="${pages[2]!.file}" selected>`);
  });

  it('escapes what it prints', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('renders summaries with code, computed diffs, the breaking flag and each change in a sentence', () => {
    const change = {
      item: 'webhook chat.message',
      at: 'post/x-membership',
      requirements: ['VER-11'],
      versions: ['2026-07-07'],
    };
    const html = renderLanding(
      registry,
      [
        {
          version: '2026-07-07',
          changes: [
            { ...change, kind: 'breaking', after: 'required', sentence: 'Members `only`.' },
            {
              ...change,
              at: 'post/description',
              kind: 'additive',
              before: 'a',
              after: 'b',
              sentence: 'Reworded.',
            },
          ],
        },
      ],
      pages,
    );
    expect(html).toContain('<td>2 changes, 1 breaking</td>');
    expect(html).toContain('<h3>2026-07-07 — breaking</h3>');
    expect(html).toContain('<strong>webhook chat.message</strong>: breaking');
    expect(html).toContain(
      '<li class="change breaking"><span class="kind">breaking</span> Members <code>only</code>. <small><a href="requirements.html#VER-11">VER-11</a> · before: <code>none</code> · after: <code>required</code></small></li>',
    );
    expect(html).toContain('Wording of the documentation only, in 1 place (description).');
    expect(html).toContain('<code>{type, eventId, timestamp, apiVersion, data}</code>');
  });

  it("lists a version's gates and its declared shape changes under its summary (#34)", () => {
    const last = registry.versions.at(-1)!;
    const declared = {
      ...registry,
      versions: [
        ...registry.versions.slice(0, -1),
        {
          ...last,
          instructions: [
            {
              kind: 'rename' as const,
              path: '/chat.postEphemeral',
              field: 'threadTimestamp',
              to: 'threadTs',
              requirements: ['EPH-01'],
              summary: 'The thread is `threadTs`.',
            },
          ],
        },
      ],
    };
    const html = renderLanding(declared, [], pages);
    expect(html).toContain(
      '<li><code>/chat.postEphemeral</code> rename <code>threadTimestamp</code>: The thread is <code>threadTs</code>.</li>',
    );
  });

  it('names the specification, never its file, and links the requirement list', () => {
    const html = renderLanding(registry, [], pages);
    expect(html).not.toContain('SPEC.md');
    expect(html).toContain(
      '<a href="requirements.html">The specification</a> shows no other change',
    );
  });
});
