import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../src/conformance/report/html-escape.ts';

describe('escapeHtml', () => {
  const cases: Array<[string, { given: unknown; want: string }]> = [
    ['plain text', { given: 'GET /v1/webhook.list', want: 'GET /v1/webhook.list' }],
    [
      'markup',
      {
        given: '</pre><script>alert(1)</script>',
        want: '&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
      },
    ],
    ['an attribute break-out', { given: `" onclick='x'`, want: '&quot; onclick=&#39;x&#39;' }],
    ['an entity stays text', { given: '&amp; &#60;', want: '&amp;amp; &amp;#60;' }],
    ['controls and a lone surrogate', { given: 'a\u0001b\ud800c\td', want: 'a\uFFFDb\uFFFDc\td' }],
    ['a pair of surrogates stays', { given: '\ud83d\ude00', want: '\ud83d\ude00' }],
    ['a number', { given: 404, want: '404' }],
  ];
  it.each(cases)('%s', (_, { given, want }) => {
    expect(escapeHtml(given)).toBe(want);
  });
});
