/** The styles every hand-written page of the site shares: the body, the nav bar and tables. */
const BASE_STYLE = `  body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: #111827; }
  nav.versions { display: flex; gap: 1em; align-items: center; padding: 0.5em 1em; background: #1f2937; color: #f9fafb; }
  nav.versions a { color: #f9fafb; }
  th, td { border-bottom: 1px solid #e5e7eb; padding: 0.4em; text-align: left; vertical-align: top; }`;

/**
 * The start of a hand-written page, up to and including `<body>`: its title, the shared styles,
 * then the page's own (`style`, one rule a line).
 */
export function pageHead(title: string, style: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf8" />
<title>Service API: ${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
${BASE_STYLE}
${style.trim().replace(/^\s*/gm, '  ')}
</style>
</head>
<body>`;
}
