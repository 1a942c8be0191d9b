import { marked } from 'marked';
import { type Page, navigation } from './pages.ts';
import { specificationWording } from './specification-wording.ts';
import { pageHead } from './page-head.ts';

/**
 * The requirement list (docs/REQUIREMENTS.md) as a page of the site, so that the references and
 * the changelog can link a rule: each rule's row carries its ID as anchor (`#VER-11`).
 */
export function renderRequirements(markdown: string, pages: Page[], current: Page): string {
  const body = marked
    .parse(specificationWording(markdown), { async: false })
    .replace(/<tr>\n<td>([A-Z]+-\d+)<\/td>/g, '<tr id="$1">\n<td>$1</td>');
  return `${pageHead(
    'requirements',
    `
main { max-width: 72em; margin: 0 auto; padding: 1em 2em; }
table { border-collapse: collapse; width: 100%; }
tr:target { background: #fef3c7; }
`,
  )}
${navigation(pages, current)}
<main>
${body}
</main>
</body>
</html>
`;
}
