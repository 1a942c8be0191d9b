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
  CONFORMANCE_COMMAND,
  SAMPLES_DIR,
  renderReceivingWebhooks,
  sampleText,
} from '../../scripts/docs/receiving-webhooks.ts';
import { EXIT, main } from '../../src/cli/main.ts';
import { RECEIVER_CHECKS } from '../../src/conformance/receiver-suite/checks/index.ts';
import { signWebhook } from '../../src/webhooks/sign.ts';
import { type Served, fetchListener, serve } from '../webhooks/http-harness.ts';

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

describe('the receiving webhooks page', () => {
  it('shows only samples kept as files, each of them, and the conformance command', () => {
    const blocks = [...html.matchAll(/<pre([^>]*)><code>([\s\S]*?)<\/code><\/pre>/g)];
    const samples = blocks.filter(([, attrs]) => attrs!.includes('class="sample"'));
    const shells = blocks.filter(([, attrs]) => attrs!.includes('class="shell"'));
    expect(samples.length + shells.length).toBe(blocks.length);
    expect(samples.map(([, attrs]) => /data-sample="([^"]+)"/.exec(attrs!)![1]).sort()).toEqual(
      sampleFiles,
    );
    for (const [, attrs, text] of samples)
      expect(unescape(text!)).toBe(sampleText(/data-sample="([^"]+)"/.exec(attrs!)![1]!));
    expect(shells.map(([, , text]) => unescape(text!))).toEqual([CONFORMANCE_COMMAND]);
  });

  it('lists every receiver check with its requirements and whether SPEC.md states its rule', () => {
    const table = html.slice(html.indexOf('id="receiver-checks"'), html.indexOf('</table>'));
    for (const [id, check] of RECEIVER_CHECKS)
      expect(table).toMatch(
        new RegExp(
          `<code>${id}</code></td><td>${check.requirements.join(', ')}</td>.*?<td>${check.basis}</td>`,
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

describe("the page's receivers pass the page's conformance command", () => {
  let dir = '';
  let served: Served | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'service-receiving-webhooks-'));
    vi.stubEnv('WEBHOOK_SECRET', SECRET);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await served?.close();
    served = undefined;
  });

  /** The command as the page shows it, for this server, this secret and a report file here. */
  function argv(url: string, report: string): string[] {
    const command = unescape(/<pre class="shell"><code>([^<]+)<\/code>/.exec(html)![1]!);
    return command
      .replace('http://localhost:3000/webhooks', url)
      .replace('"$WEBHOOK_SECRET"', SECRET)
      .replace('junit:receiver-conformance.xml', `junit:${report}`)
      .split(' ')
      .slice(1);
  }

  async function handleByHand(): Promise<RequestListener> {
    const { handleWebhook } = await import('../../scripts/docs/samples/verify-and-parse.ts');
    return (req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => res.writeHead(handleWebhook(req.headers, Buffer.concat(chunks))).end());
    };
  }

  const receivers: Array<[string, () => Promise<RequestListener>]> = [
    [
      'node-receiver.ts',
      async () => (await import('../../scripts/docs/samples/node-receiver.ts')).receive,
    ],
    [
      'fetch-receiver.ts',
      async () =>
        fetchListener((await import('../../scripts/docs/samples/fetch-receiver.ts')).POST),
    ],
    ['verify-and-parse.ts', handleByHand],
  ];

  it.each(receivers)('%s', async (file, listener) => {
    served = await serve(await listener());
    const report = join(dir, `${file}.xml`);
    const out: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...a) => void out.push(a.join(' ')));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect([await main(argv(served.url, report)), out.join('\n')]).toEqual([
        EXIT.ok,
        expect.stringContaining('10 passed, 0 failed'),
      ]);
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
    expect(await readFile(report, 'utf8')).toContain('failures="0"');
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
          'service-version': '2026-08-25',
        },
        body,
      );
    const envelope = (data: unknown) =>
      JSON.stringify({
        type: 'meeting.ended',
        eventId: 'evt_1',
        timestamp: '2026-08-25T10:00:00Z',
        apiVersion: '2026-08-25',
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
