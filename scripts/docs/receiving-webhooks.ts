import { readFileSync } from 'node:fs';
import { RECEIVER_CHECKS } from '../../src/conformance/receiver-suite/checks/index.ts';
import { type Page, escapeHtml, navigation } from './pages.ts';

/** The code samples the page shows: files beside this one, type-checked and run by the tests. */
export const SAMPLES_DIR = new URL('./samples/', import.meta.url);

/** The page's command to test a receiver; the docs test runs it as written, but for the URL. */
export const CONFORMANCE_COMMAND =
  'service-contract conformance --receiver http://localhost:3000/webhooks --secret "$WEBHOOK_SECRET" --version 2026-08-25 --report junit:receiver-conformance.xml';

/**
 * A sample as a reader copies it: the in-repository import of the library becomes the package's
 * entry point.
 */
export function sampleText(file: string): string {
  return readFileSync(new URL(file, SAMPLES_DIR), 'utf8')
    .replaceAll("'../../../src/webhooks/index.ts'", "'service-contract/webhooks'")
    .trimEnd();
}

const code = (file: string) =>
  `<pre class="sample" data-sample="${file}"><code>${escapeHtml(sampleText(file))}</code></pre>`;
/** The receiver checks as the registry lists them: id, requirements, title, what they rest on. */
function checksTable(): string {
  const rows = RECEIVER_CHECKS.map(
    ([id, check]) =>
      `<tr><td><code>${id}</code></td><td>${check.requirements.join(', ')}</td><td>${escapeHtml(check.title)}</td><td>${check.basis}</td></tr>`,
  );
  return `<table id="receiver-checks"><thead><tr><th>Check</th><th>Requirements</th><th>Rule</th><th>SPEC.md</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

const shell = (command: string) => `<pre class="shell"><code>${escapeHtml(command)}</code></pre>`;

/**
 * "Receiving webhooks": the developer loop first (write the handler, send it deliveries, test it
 * against every rule, watch what arrives), then each step with its samples.
 */
export function renderReceivingWebhooks(pages: Page[], current: Page): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf8" />
<title>Service API: receiving webhooks</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: #111827; }
  main { max-width: 60em; margin: 0 auto; padding: 1em 2em; }
  nav.versions { display: flex; gap: 1em; align-items: center; padding: 0.5em 1em; background: #1f2937; color: #f9fafb; }
  nav.versions a { color: #f9fafb; }
  pre { background: #f3f4f6; padding: 0.8em; overflow-x: auto; }
  table { border-collapse: collapse; }
  th, td { border-bottom: 1px solid #e5e7eb; padding: 0.4em; text-align: left; vertical-align: top; }
</style>
</head>
<body>
${navigation(pages, current)}
<main>
<h1>Receiving webhooks</h1>
<p>Deliveries are signed HTTP POSTs (Standard Webhooks: <code>webhook-id</code>,
<code>webhook-timestamp</code>, <code>webhook-signature</code>, and <code>Service-Version</code>).
Your endpoint verifies each one with your app's <code>whsec_</code> secret, parses it for the
version your subscription was created with, and answers 2xx within 3 seconds; anything else is
retried up to three times with the same <code>webhook-id</code>.</p>

<h2 id="loop">The loop</h2>
<ol>
<li><strong>Write the handler</strong> with <code>createNodeReceiver</code> or, on the Fetch API,
<code>createFetchReceiver</code> (below).</li>
<li><strong>Send it a delivery</strong>: <code>service-contract trigger</code> signs and sends a
sample delivery of an event to your endpoint, so you can watch your handler run without waiting for a
real event (<code>service-contract trigger --help</code> for its options).</li>
<li><strong>Test every rule</strong>: <code>service-contract conformance --receiver</code> sends
your endpoint every event of a version and the deliveries it must refuse, and reports one check per
rule, cited by requirement ID (below).</li>
<li><strong>See what arrives</strong>: <code>service-contract listen</code> receives deliveries
and shows each one, headers, payload and whether it verifies, to compare with what your handler got
(<code>service-contract listen --help</code>).</li>
</ol>

<h2 id="node">Verify and parse in Node</h2>
<p><code>createNodeReceiver</code> is a <code>(req, res)</code> listener for <code>node:http</code>
(and Express or Fastify routes that leave the body unread). It reads at most
<code>maxBodyBytes</code> (1 MiB unless told otherwise), checks the signature headers before
reading any of the body, and hands <code>onDelivery</code> a payload typed by event. Run it with
<code>WEBHOOK_SECRET=whsec_... node webhook-server.js</code>.</p>
${code('node-receiver.ts')}

<h2 id="fetch">With the Fetch API handler</h2>
<p><code>createFetchReceiver</code> takes the same options and limits and gives the same typed
delivery: <code>(request: Request) =&gt; Promise&lt;Response&gt;</code>. It always resolves to a
Response, a body it cannot read included, so your framework never turns a bad delivery into its own
error page.</p>
${code('fetch-receiver.ts')}
<p>Where a framework gives you the raw body and the headers instead, verify and parse yourself:</p>
${code('verify-and-parse.ts')}
<p>Payloads of v0 and of the v1 baseline (<code>2026-06-01</code>) do not name their event: give
<code>event</code> in the options, one receiver per subscribed URL. From <code>2026-07-07</code>
the envelope's <code>type</code> names it.</p>

<h2 id="conformance">Test your endpoint with the receiver suite</h2>
${shell(CONFORMANCE_COMMAND)}
<p>It sends, at each version asked for (<code>--version all</code> for v0 and every dated
version): every event, valid and signed, which must be acknowledged with 2xx within 3 s; a tampered
body, another secret, each signing header missing, a timestamp 10 minutes in the past and in the
future, and an unknown signature version, which must be refused; a signature list whose second
entry is the valid one (secret rotation), unknown fields, a retry of a delivery already
acknowledged, which must be accepted; and the other generation's payload, which must be told apart
from the version's own. Each result names the check, the requirement IDs it covers and whether
SPEC.md states the rule or only implies it (the JSON report says from what). Reports are the
server suite's: a summary,
<code>--report junit:&lt;file&gt;</code> and <code>--report json:&lt;file&gt;</code>; exit 0 only
when every check passed.</p>
${checksTable()}
<p>An endpoint that serves several subscriptions from one route can name them in the URL:
<code>{version}</code> and <code>{event}</code> are filled in per delivery
(<code>--receiver 'http://localhost:3000/hooks/{version}/{event}' --version all</code>).</p>
</main>
</body>
</html>
`;
}
