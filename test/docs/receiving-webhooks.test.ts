import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage, RequestListener } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listPages } from '../../scripts/docs/pages.ts';
import {
  COMMANDS,
  LISTEN_PORT,
  SAMPLES_DIR,
  SECRET_VARIABLE,
  renderReceivingWebhooks,
  sampleText,
} from '../../scripts/docs/receiving-webhooks.ts';
import { EXIT, main } from '../../src/cli/main.ts';
import { PROJECT_ROOT } from '../../src/project-root.ts';
import { webhookValidators } from '../../src/webhooks/validators.ts';
import { loadVersionRegistry } from '../../src/versions.ts';
import type { WebhookVersion } from '../../src/webhooks/versions.ts';
import { RECEIVER_CHECKS } from '../../src/conformance/receiver-suite/checks/index.ts';
import { signWebhook } from '../../src/webhooks/sign.ts';
import { type Served, fetchListener, serve } from '../webhooks/http-harness.ts';
import { BIN, runNode, stop } from '../cli/cli-process.ts';

// Every code sample of the "Receiving webhooks" page is a file the type checker compiles, and the
// page's receivers pass the page's own conformance command.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const pages = listPages();
const guide = pages.find((page) => page.file === 'receiving-webhooks.html')!;
const html = renderReceivingWebhooks(pages, guide);
const sampleFiles = readdirSync(SAMPLES_DIR).sort();

const unescape = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

/** The commands as the page shows them, in its order. */
const shown = [...html.matchAll(/<pre class="shell"><code>([^<]+)<\/code><\/pre>/g)].map(
  ([, text]) => unescape(text!),
);

describe('the receiving webhooks page', () => {
  it('shows only samples kept as files, each of them, and its commands', () => {
    const blocks = [...html.matchAll(/<pre([^>]*)><code>([\s\S]*?)<\/code><\/pre>/g)];
    const samples = blocks.filter(([, attrs]) => attrs!.includes('class="sample"'));
    const shells = blocks.filter(([, attrs]) => attrs!.includes('class="shell"'));
    expect(samples.length + shells.length).toBe(blocks.length);
    expect(samples.map(([, attrs]) => /data-sample="([^"]+)"/.exec(attrs!)![1]).sort()).toEqual(
      sampleFiles,
    );
    for (const [, attrs, text] of samples)
      expect(unescape(text!)).toBe(sampleText(/data-sample="([^"]+)"/.exec(attrs!)![1]!));
    expect(shown).toEqual(Object.values(COMMANDS));
  });

  it("has the README's webhook section show only commands of the page, run below", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const from = readme.indexOf('### Webhooks\n') + 1;
    const section = readme.slice(from, from + readme.slice(from).search(/\n#{1,3} /));
    const blocks = section.split('```sh\n').slice(1);
    const commands = blocks.flatMap((block) => block.slice(0, block.indexOf('```')).split('\n'));
    const shownInReadme = commands.filter((line) => line.startsWith('service-contract '));
    expect(shownInReadme.length).toBeGreaterThan(0);
    for (const command of shownInReadme) expect(shown).toContain(command);
  });

  it('lists every receiver check with its requirements and whether the specification states its rule', () => {
    const table = html.slice(html.indexOf('id="receiver-checks"'), html.indexOf('</table>'));
    for (const [id, check] of RECEIVER_CHECKS)
      expect(table).toMatch(
        new RegExp(
          `<code>${id}</code></td><td>${check.requirements.join(', ')}</td>.*?<td>${check.basis}${check.optIn ? ', opt-in' : '</td>'}`,
        ),
      );
  });

  it('imports the library by its package entry point in every sample', () => {
    for (const file of sampleFiles) {
      expect(sampleText(file)).toContain("from 'service-contract/webhooks'");
      expect(sampleText(file)).not.toContain('../src/');
    }
  });

  it('leads with the loop: trigger, the receiver suite, listen', () => {
    const loop = html.slice(html.indexOf('id="loop"'), html.indexOf('id="node"'));
    for (const step of ['trigger', 'conformance --receiver', 'listen'])
      expect(loop).toContain(`service-contract ${step}`);
  });

  it('has samples that type-check with the project settings', () => {
    const config = ts.getParsedCommandLineOfConfigFile(
      fileURLToPath(new URL('../../tsconfig.json', import.meta.url)),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    )!;
    const files = sampleFiles.map((file) => fileURLToPath(new URL(file, SAMPLES_DIR)));
    const program = ts.createProgram(files, config.options);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 60_000);
});

/** The number of events of the version the page's samples and commands are at. */
const EVENTS = Object.keys(
  webhookValidators(loadVersionRegistry().latest as WebhookVersion)!,
).length;

/** The samples as servers run them: each a `node:http` listener. */
const SAMPLES = new Map<string, () => Promise<RequestListener>>([
  [
    'node-receiver.ts',
    async () => (await import('../../scripts/docs/samples/node-receiver.ts')).receive,
  ],
  [
    'fetch-receiver.ts',
    async () => fetchListener((await import('../../scripts/docs/samples/fetch-receiver.ts')).POST),
  ],
  ['verify-and-parse.ts', handleByHand],
]);

/** verify-and-parse.ts behind `node:http`: the raw body read whole, its status the answer. */
async function handleByHand(): Promise<RequestListener> {
  const { handleWebhook } = await import('../../scripts/docs/samples/verify-and-parse.ts');
  return (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => res.writeHead(handleWebhook(req.headers, Buffer.concat(chunks))).end());
  };
}

const count = (text: string, part: string) => text.split(part).length - 1;

/** Waits until a process printed what is expected; 30 s bounds a test that would hang. */
async function until(done: () => boolean, output: () => string): Promise<void> {
  for (let waited = 0; !done(); waited += 20) {
    if (waited > 30_000) throw new Error(`not printed within 30 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the page's commands, run against the page's receivers", () => {
  let dir = '';
  let served: Served | undefined;
  let listening: ChildProcess | undefined;
  /** The page's commands run so far, as the page shows them. */
  const ran = new Set<string>();
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'service-receiving-webhooks-'));
    vi.stubEnv('WEBHOOK_SECRET', SECRET);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    if (listening) await stop(listening);
    listening = undefined;
    await served?.close();
    served = undefined;
  });

  /**
   * A command as the page says the test runs it: the app's and listen's ports replaced by the
   * test's on 127.0.0.1, the secret set, the report written here; then its arguments.
   */
  function argv(command: string, at: { app?: string; listen?: string; secret?: string }) {
    ran.add(command);
    return command
      .replaceAll(SECRET_VARIABLE, at.secret ?? SECRET)
      .replaceAll('localhost:3000', at.app ?? 'no app')
      .replaceAll(`--port ${LISTEN_PORT}`, '--port 0')
      .replaceAll(`localhost:${LISTEN_PORT}`, at.listen ?? 'no listener')
      .replace('junit:receiver-conformance.xml', `junit:${join(dir, 'report.xml')}`)
      .split(' ')
      .slice(1);
  }

  /** Serves a sample on 127.0.0.1 and keeps the status of each answer it gave. */
  async function serveSample(listener: RequestListener) {
    const statuses: number[] = [];
    served = await serve((req, res) => {
      res.on('finish', () => statuses.push(res.statusCode));
      listener(req, res);
    });
    return { host: new URL(served.url).host, statuses };
  }

  /** Starts the page's `listen` as a process, with its secret kept here; resolves on its URL. */
  async function startListen(command: string, app?: string) {
    const child = spawn(process.execPath, [BIN, ...argv(command, { app })], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, XDG_CONFIG_HOME: dir },
    });
    listening = child;
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk));
    await until(
      () => /listening on http:\/\/\S+\n/.test(out),
      () => out,
    );
    return { host: new URL(/listening on (\S+)/.exec(out)![1]!).host, output: () => out };
  }

  const toApp = shown.filter((c) => c.includes(' trigger ') && c.includes('localhost:3000'));
  const toListen = shown.filter((c) => c.includes(' trigger ') && c.includes(':' + LISTEN_PORT));
  const listens = shown.filter((c) => c.includes(' listen '));
  const conformance = shown.filter((c) => c.includes(' conformance '));
  const each = <T, U>(xs: T[], ys: U[]) => xs.flatMap((x) => ys.map((y) => [x, y] as const));
  const samples = [...SAMPLES.keys()];

  it.each(each(samples, toApp))('%s: %s', async (file, command) => {
    const app = await serveSample(await SAMPLES.get(file)!());
    const quiet = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const sent = await runNode([BIN, ...argv(command, { app: app.host })]).finally(() =>
      quiet.mockRestore(),
    );
    expect([sent.code, sent.stderr]).toEqual([0, '']);
    const lines = sent.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(command.includes('--all') ? EVENTS : 1);
    expect(app.statuses).toEqual(lines.map(() => 204));
  });

  it.each(each(samples, conformance))('%s: %s', async (file, command) => {
    const app = await serveSample(await SAMPLES.get(file)!());
    const report = join(dir, 'report.xml');
    const out: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...a) => void out.push(a.join(' ')));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect([await main(argv(command, { app: app.host })), out.join('\n')], file).toEqual([
        EXIT.ok,
        expect.stringContaining('10 passed, 0 failed'),
      ]);
    } finally {
      log.mockRestore();
      error.mockRestore();
      warn.mockRestore();
    }
    expect(await readFile(report, 'utf8')).toContain('failures="0"');
  });

  it.each(
    each(
      listens.filter((c) => !c.includes('--forward-to')),
      toListen,
    ),
  )('%s, then %s: each delivery verifies and is valid', async (listen, trigger) => {
    const listener = await startListen(listen);
    // Given a secret, listen verifies with it; without one, with the one it made and printed.
    const made = /signing secret (whsec_\S+)/.exec(listener.output())?.[1];
    const secret = listen.includes('--secret') ? SECRET : made!;
    const sent = await runNode([BIN, ...argv(trigger, { listen: listener.host, secret })]);
    expect([sent.code, sent.stderr]).toEqual([0, '']);
    const sentCount = trigger.includes('--all') ? EVENTS : 1;
    expect(sent.stdout.trimEnd().split('\n')).toHaveLength(sentCount);
    await until(() => count(listener.output(), 'answered 204\n') === sentCount, listener.output);
    expect(count(listener.output(), 'signature: verified')).toBe(sentCount);
    expect(count(listener.output(), 'payload: valid')).toBe(sentCount);
  });

  const forwarding = each(
    listens.filter((c) => c.includes('--forward-to')),
    each(samples, toListen),
  ).map(([listen, [file, trigger]]) => [file, listen, trigger] as const);
  it.each(forwarding)(
    '%s behind %s, then %s: the sample receives what listen forwards',
    async (file, listen, trigger) => {
      const app = await serveSample(await SAMPLES.get(file)!());
      const listener = await startListen(listen, app.host);
      const quiet = vi.spyOn(console, 'log').mockImplementation(() => undefined);
      const sent = await runNode([BIN, ...argv(trigger, { listen: listener.host })]).finally(() =>
        quiet.mockRestore(),
      );
      expect([sent.code, sent.stderr]).toEqual([0, '']);
      const lines = sent.stdout.trimEnd().split('\n');
      expect(lines).toHaveLength(EVENTS);
      expect(app.statuses).toEqual(lines.map(() => 204));
      await until(() => count(listener.output(), 'by the app\n') === EVENTS, listener.output);
      expect(count(listener.output(), 'answered 204 by the app')).toBe(EVENTS);
    },
  );

  it('ran every command the page shows', () => {
    expect([...ran].sort()).toEqual([...shown].sort());
  });

  it('verify-and-parse.ts answers 204, 401 and 400 as it says', async () => {
    const { handleWebhook } = await import('../../scripts/docs/samples/verify-and-parse.ts');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const now = Math.floor(Date.now() / 1000);
    const send = (body: string, secret = SECRET) =>
      handleWebhook(
        {
          ...signWebhook({ secret, id: 'msg_1', timestamp: now, body }),
          'service-version': loadVersionRegistry().latest,
        },
        body,
      );
    const envelope = (data: unknown) =>
      JSON.stringify({
        type: 'meeting.ended',
        eventId: 'evt_1',
        timestamp: '2026-08-25T10:00:00Z',
        apiVersion: loadVersionRegistry().latest,
        data,
      });
    try {
      expect([
        send(envelope({ id: 'm_1' })),
        send(envelope({ id: 'm_1' }), 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
        send(envelope('not an object')),
      ]).toEqual([204, 401, 400]);
    } finally {
      warn.mockRestore();
      log.mockRestore();
    }
  });
});

it('keeps the samples where the type checker of `npm test` looks', () => {
  const config = JSON.parse(readFileSync(new URL('../../tsconfig.json', import.meta.url), 'utf8'));
  expect(config.include).toContain('scripts');
});
