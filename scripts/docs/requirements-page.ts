import { marked } from 'marked';
import { type Page, navigation } from './pages.ts';
import { specificationWording } from './specification-wording.ts';

/**
 * The requirement list (docs/REQUIREMENTS.md) as a page of the site, so that the references and
 * the changelog can link a rule: each rule's row carries its ID as anchor (`#VER-11`).
 */
export function renderRequirements(markdown: string, pages: Page[], current: Page): string {
  const body = marked
    .parse(specificationWording(markdown), { async: false })
    .replace(/<tr>\n<td>([A-Z]+-\d+)<\/td>/g, '<tr id="$1">\n<td>$1</td>');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf8" />
<title>Service API: requirements</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: #111827; }
  main { max-width: 72em; margin: 0 auto; padding: 1em 2em; }
  nav.versions { display: flex; gap: 1em; align-items: center; padding: 0.5em 1em; background: #1f2937; color: #f9fafb; }
  nav.versions a { color: #f9fafb; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #e5e7eb; padding: 0.4em; text-align: left; vertical-align: top; }
  tr:target { background: #fef3c7; }
</style>
</head>
<body>
${navigation(pages, current)}
<main>
${body}
</main>
</body>
</html>
`;
}
