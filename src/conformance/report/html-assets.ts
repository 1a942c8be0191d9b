import { createHash } from 'node:crypto';

/** The filters besides `all`: each shows only what is in that state. */
const FILTERS = ['failed', 'warning', 'not_testable'] as const;

/**
 * Under a filter, what is in another state is hidden, not only the checks: a grid cell, a result
 * or a requirement list line carries its state (`data-state`); a grid row, a requirement and a
 * version's checks carry the states of what they hold (`data-states`), and stay while any is it.
 */
const filtered = (filter: string) =>
  `body[data-filter=${filter}] [data-state]:not([data-state=${filter}]),` +
  `body[data-filter=${filter}] [data-states]:not([data-states~=${filter}]){display:none}`;

/** The report's one style sheet: inline, allowed by its hash (no `style` attributes anywhere). */
export const STYLE = `
:root{--pass:#1a7f37;--fail:#cf222e;--na:#8c959f;--nt:#9a6700;--warn:#bc4c00;--bg:#fff;--fg:#1f2328;--mute:#656d76;--line:#d0d7de;--soft:#f6f8fa}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
header,main{max-width:1200px;margin:0 auto;padding:12px 20px}
header{border-bottom:1px solid var(--line)}
h1{font-size:20px;margin:4px 0}
h2{font-size:17px;margin:24px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}
h3{font-size:15px;margin:16px 0 6px}
.verdict{display:inline-block;padding:2px 10px;border-radius:12px;color:#fff;font-weight:600}
.verdict.passed{background:var(--pass)}.verdict.failed{background:var(--fail)}
.meta{color:var(--mute);margin:4px 0}
.counts span{margin-right:12px}
nav.filters button{margin:6px 6px 0 0;padding:3px 10px;border:1px solid var(--line);border-radius:6px;background:var(--soft);cursor:pointer}
nav.filters button[aria-pressed=true]{background:var(--fg);color:#fff}
table{border-collapse:collapse}
.grid-wrap{overflow-x:auto}
table.grid th,table.grid td{border:1px solid var(--line);padding:0;text-align:center}
table.grid th{padding:3px 6px;font-weight:600;background:var(--soft);white-space:nowrap}
table.grid th.req{text-align:left}
table.grid th a{color:#0969da;font-weight:600}
table.grid td a{display:block;min-width:64px;padding:3px 6px;text-decoration:none;color:#fff;font-weight:600}
.s-passed{background:var(--pass)}.s-failed{background:var(--fail)}.s-not_applicable{background:var(--na)}
.s-not_testable{background:var(--nt)}.s-warning{background:var(--warn)}
.tag{display:inline-block;min-width:72px;padding:0 6px;border-radius:4px;color:#fff;font-size:12px;text-align:center}
details{border:1px solid var(--line);border-radius:6px;margin:6px 0;background:var(--bg)}
details>summary{cursor:pointer;padding:5px 8px;list-style-position:inside}
details[open]>summary{border-bottom:1px solid var(--line);background:var(--soft)}
details>.body{padding:6px 12px}
:target{outline:3px solid #0969da;outline-offset:1px}
pre{background:var(--soft);border:1px solid var(--line);border-radius:4px;padding:6px 8px;overflow-x:auto;white-space:pre-wrap;word-break:break-word;margin:4px 0;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
.diag{border-left:3px solid var(--fail);padding:2px 10px;margin:8px 0}
.diag.warning{border-left-color:var(--warn)}
.label{color:var(--mute);font-size:12px;text-transform:uppercase;letter-spacing:.03em;margin-top:6px}
.mute{color:var(--mute)}
ul.checks{margin:4px 0;padding-left:20px}
table.cov td,table.cov th{border:1px solid var(--line);padding:2px 6px;text-align:left;vertical-align:top}
.chip{display:inline-block;margin:1px 3px 1px 0;padding:0 6px;border-radius:10px;font-size:12px;border:1px solid var(--line)}
.chip.hit{background:#dafbe1;border-color:#4ac26b}.chip.miss{background:#ffebe9;border-color:#ff8182}
.chip.odd{background:#fff8c5;border-color:#d4a72c}
ul.checks li a{margin-right:10px}
${FILTERS.map(filtered).join('\n')}
`;

/**
 * The report's one script: the filter buttons, and a link to a check, a cell or a failure opening
 * the collapsed sections around it (a failed cell's link targets its failing check, which opens
 * and scrolls into view in one click); a target the filter hides brings back the full page. The
 * report reads fully without it.
 */
export const SCRIPT = `
(function () {
  var body = document.body;
  function filter(name) {
    body.setAttribute('data-filter', name);
    document.querySelectorAll('button[data-filter]').forEach(function (b) {
      b.setAttribute('aria-pressed', String(b.getAttribute('data-filter') === name));
    });
  }
  function reveal(id) {
    var target = id && document.getElementById(id);
    if (!target) return;
    for (var node = target; node; node = node.parentElement)
      if (node.tagName === 'DETAILS') node.open = true;
    if (!target.getClientRects().length) filter('all');
    // Its summary in view, even when what it holds is taller than the window.
    target.scrollIntoView({ block: target.offsetHeight > innerHeight ? 'start' : 'center' });
  }
  document.addEventListener('click', function (event) {
    var link = event.target.closest && event.target.closest('a[href^="#"]');
    if (link) reveal(decodeURIComponent(link.getAttribute('href').slice(1)));
    var button = event.target.closest && event.target.closest('button[data-filter]');
    if (button) filter(button.getAttribute('data-filter'));
  });
  window.addEventListener('hashchange', function () {
    reveal(decodeURIComponent(location.hash.slice(1)));
  });
  if (location.hash) reveal(decodeURIComponent(location.hash.slice(1)));
  document.documentElement.setAttribute('data-ready', 'yes');
})();
`;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The policy the page declares: nothing loads from anywhere (no network, no CDN), only the style
 * sheet and the script above run, each allowed by its hash.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src ${hash(STYLE)}`,
  `script-src ${hash(SCRIPT)}`,
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
