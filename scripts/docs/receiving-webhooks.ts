import { readFileSync } from 'node:fs';
import { gateVersion, loadVersionRegistry } from '../../src/versions.ts';
import { LATEST } from './sample-version.ts';
import { RECEIVER_CHECKS } from '../../src/conformance/receiver-suite/checks/index.ts';
import { type Page, escapeHtml, navigation } from './pages.ts';
import { pageHead } from './page-head.ts';

/** The code samples the page shows: files beside this one, type-checked and run by the tests. */
export const SAMPLES_DIR = new URL('./samples/', import.meta.url);

/**
 * Where the page's commands send and listen: your app at APP_URL, `listen` on LISTEN_PORT, the
 * secret in $WEBHOOK_SECRET. The docs test runs every command as written but for these, which it
 * replaces by ports it picks on 127.0.0.1 and its own secret, as the page says.
 */
const APP_URL = 'http://localhost:3000/webhooks';
export const LISTEN_PORT = '4040';
export const SECRET_VARIABLE = '"$WEBHOOK_SECRET"';
const listenUrl = `http://localhost:${LISTEN_PORT}`;
const to = (url: string) => `--to ${url} --secret ${SECRET_VARIABLE}`;

/** Every command the page shows, in its order; the docs test runs each one. */
export const COMMANDS = {
  triggerOne: `service-contract trigger chat.message ${to(APP_URL)}`,
  triggerAll: `service-contract trigger --all --version ${LATEST} ${to(APP_URL)}`,
  triggerOverride: `service-contract trigger chat.message --override /data/chatType=dm ${to(APP_URL)}`,
  triggerRetry: `service-contract trigger chat.message --retry 1 --reason http_5xx ${to(APP_URL)}`,
  conformance: `service-contract conformance --receiver ${APP_URL} --secret ${SECRET_VARIABLE} --version ${LATEST} --report junit:receiver-conformance.xml`,
  listen: `service-contract listen --port ${LISTEN_PORT}`,
  listenForward: `service-contract listen --port ${LISTEN_PORT} --secret ${SECRET_VARIABLE} --forward-to ${APP_URL}`,
  triggerListen: `service-contract trigger --all ${to(listenUrl)}`,
} as const;

/**
 * A sample as a reader copies it: the in-repository import of the library becomes the package's
 * entry point.
 */
export function sampleText(file: string): string {
  return (
    readFileSync(new URL(file, SAMPLES_DIR), 'utf8')
      .replaceAll("'../../../src/webhooks/index.ts'", "'service-contract/webhooks'")
      // The version a reader copies: the registry's latest, written out.
      .replace(/^import \{ LATEST \} from '\.\.\/sample-version\.ts';\n/m, '')
      .replaceAll(/\bLATEST\b/g, `'${LATEST}'`)
      .trimEnd()
  );
}

const code = (file: string) =>
  `<pre class="sample" data-sample="${file}"><code>${escapeHtml(sampleText(file))}</code></pre>`;
/** The receiver checks as the registry lists them: id, requirements, title, what they rest on. */
function checksTable(): string {
  const rows = RECEIVER_CHECKS.map(
    ([id, check]) =>
      `<tr><td><code>${id}</code></td><td>${check.requirements.join(', ')}</td><td>${escapeHtml(check.title)}</td><td>${check.basis}${check.optIn ? ', opt-in: runs only when <code>--only</code> names it, and only warns' : ''}</td></tr>`,
  );
  return `<table id="receiver-checks"><thead><tr><th>Check</th><th>Requirements</th><th>Rule</th><th>The specification</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

const shell = (command: string) => `<pre class="shell"><code>${escapeHtml(command)}</code></pre>`;

/**
 * "Receiving webhooks": the developer loop first (write the handler, send it deliveries, test it
 * against every rule, watch what arrives), then each step with its samples.
 */
export function renderReceivingWebhooks(pages: Page[], current: Page): string {
  return `${pageHead(
    'receiving webhooks',
    `
main { max-width: 60em; margin: 0 auto; padding: 1em 2em; }
pre { background: #f3f4f6; padding: 0.8em; overflow-x: auto; }
table { border-collapse: collapse; }
`,
  )}
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
<code>createFetchReceiver</code> (<a href="#node">below</a>).</li>
<li><strong>Send it a delivery</strong>: <code>service-contract trigger</code> signs and sends a
sample delivery of an event to your endpoint, so you can watch your handler run without waiting for a
real event (<a href="#trigger">below</a>).</li>
<li><strong>Test every rule</strong>: <code>service-contract conformance --receiver</code> sends
your endpoint every event of a version and the deliveries it must refuse, and reports one check per
rule, cited by requirement ID (<a href="#conformance">below</a>).</li>
<li><strong>See what arrives</strong>: <code>service-contract listen</code> receives deliveries
and shows each one, headers, payload and whether it verifies, and can pass each on to your app
(<a href="#listen">below</a>).</li>
</ol>
<p id="placeholders">In the commands, <code>${APP_URL}</code> is your endpoint, port
<code>${LISTEN_PORT}</code> is where <code>listen</code> receives, and <code>$WEBHOOK_SECRET</code>
holds your app's <code>whsec_</code> signing secret: put in your own. Every command on this page is
run by the docs' tests as written, with <code>localhost:3000</code> and <code>${LISTEN_PORT}</code>
replaced by ports the test picks on 127.0.0.1 and <code>$WEBHOOK_SECRET</code> set, against the
samples below.</p>

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
<p>Payloads of v0 and of the v1 baseline (<code>${loadVersionRegistry().baseline}</code>) do not name their event: give
<code>event</code> in the options, one receiver per subscribed URL. From <code>${gateVersion('envelope')}</code>
the envelope's <code>type</code> names it.</p>

<h2 id="trigger">Send it deliveries with trigger</h2>
<p>With your app running, send it one delivery of an event, signed as the service signs it and
built from the contract's sample payload, which is validated before it is sent:</p>
${shell(COMMANDS.triggerOne)}
<p>It prints one line per delivery, the <code>webhook-id</code>, your status code and how long
you took (and, when you did not acknowledge it, the start of your answer's body), and exits 0 only when every delivery was answered 2xx within 3 seconds. Send every event
of the version your subscription was created with (<code>--version</code>; the latest when left
out, <code>v0</code> for the v0 API):</p>
${shell(COMMANDS.triggerAll)}
<p>Change a field to reach another branch of your handler: <code>--override</code> takes a JSON
Pointer into the payload and a JSON value, else text, and may be given several times; the result
must still be a valid payload (<code>--invalid</code> sends it anyway, to see your handler refuse
it; <code>--data file.json</code> sends a payload of your own, byte for byte as the file has it,
signed over those bytes; with <code>--override</code> it is written anew):</p>
${shell(COMMANDS.triggerOverride)}
<p>Send a retry, as the service does when an attempt failed (<code>Service-Retry-Num</code> 1 to
3, <code>Service-Retry-Reason</code> <code>transport</code>, <code>http_5xx</code> or
<code>http_429</code>):</p>
${shell(COMMANDS.triggerRetry)}
<p>Payloads of v0 and of the baseline do not name their event: <code>{event}</code> in
<code>--to</code> stands for it (<code>--to 'http://localhost:3000/hooks/{event}'</code>).</p>

<h2 id="conformance">Test your endpoint with the receiver suite</h2>
${shell(COMMANDS.conformance)}
<p>It sends, at the version your subscription receives (the latest unless
<code>--version</code> names others, separated by commas; <code>all</code> for v0 and every dated
version): every event, valid and signed, which must be acknowledged with 2xx within 3 s; the same
payload signed over other bytes (indented, with <code>\\u</code> escapes, keys in another order, a
trailing newline), which must be accepted, since the signature covers the raw bytes; a tampered
body, another secret, each signing header missing, a timestamp 10 minutes in the past and in the
future, and an unknown signature version, which must be refused (any status but 2xx; a 5xx or
429 is a warning, as it makes the sender retry); a signature list whose second entry is the valid
one (secret rotation), unknown fields, a retry of a delivery already acknowledged, which must be
accepted. Each result names the check, the requirement IDs it covers and whether
<a href="requirements.html">the specification</a> states the rule or only implies it (the JSON report says from what). Reports are the
server suite's: a summary,
<code>--report junit:&lt;file&gt;</code> and <code>--report json:&lt;file&gt;</code>; exit 0 only
when every check passed.</p>
${checksTable()}
<p>An endpoint that serves several subscriptions from one route can name them in the URL:
<code>{version}</code> and <code>{event}</code> are filled in per delivery
(<code>--receiver 'http://localhost:3000/hooks/{version}/{event}' --version all</code>).</p>

<h2 id="listen">See what arrives with listen</h2>
<p><code>listen</code> receives deliveries, verifies and validates each one at its
<code>Service-Version</code>, and prints a block per delivery: event, version,
<code>webhook-id</code>, attempt, whether the signature verified, whether the payload is valid or
every problem with its location and requirement, and the answer it gave (<code>--json</code>
for one JSON object per line, <code>--events a,b</code> to show only some):</p>
${shell(COMMANDS.listen)}
<p>Without <code>--secret</code> it makes a <code>whsec_</code> secret on first start, keeps it
(<code>$XDG_CONFIG_HOME/service-contract/listen-secret</code>, else
<code>~/.config/...</code>) for the next start and prints it: use it as
<code>$WEBHOOK_SECRET</code> for your app and for <code>trigger</code>. Put it in front of your app
with your own secret and <code>--forward-to</code>: it passes each delivery's exact bytes and
headers on to your app and answers with your app's answer, so you see what your handler was sent
beside what it said:</p>
${shell(COMMANDS.listenForward)}
<p>Then send to <code>listen</code> instead of to your app:</p>
${shell(COMMANDS.triggerListen)}
</main>
</body>
</html>
`;
}
