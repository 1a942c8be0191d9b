import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePayload } from '../../src/devloop/sample-payload.ts';
import { listVersions } from '../../src/versions.ts';
import { createNodeReceiver } from '../../src/webhooks/receiver.ts';
import type { ParsedWebhook } from '../../src/webhooks/parse.ts';
import { webhookValidators } from '../../src/webhooks/validators.ts';
import type { WebhookVersion } from '../../src/webhooks/versions.ts';
import { serve, type Served } from '../webhooks/http-harness.ts';
import { BIN, runNode, stop } from './cli-process.ts';
import { type Listening, startListen } from './listen-process.ts';

// trigger -> listen -> --forward-to an app that verifies and parses with the library's own
// receiver, over real HTTP on loopback, for every event of every version and v0.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const VERSIONS: WebhookVersion[] = ['v0', ...(listVersions() as WebhookVersion[])];
const ALL = VERSIONS.flatMap((version) =>
  Object.keys(webhookValidators(version)!).map((event) => ({ version, event })),
);

/** The app: one library receiver per version and event, the event named by the path. */
function app(received: Array<ParsedWebhook<WebhookVersion>>) {
  const receivers = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  return (req: IncomingMessage, res: ServerResponse) => {
    const event = decodeURIComponent(
      new URL(req.url!, 'http://app').pathname.slice('/app/'.length),
    );
    const header = req.headers['service-version'];
    const version = (typeof header === 'string' ? header : 'v0') as WebhookVersion;
    const key = `${version} ${event}`;
    if (!receivers.has(key))
      receivers.set(
        key,
        createNodeReceiver({
          secret: SECRET,
          version,
          event,
          onDelivery: (delivery) => void received.push(delivery),
        }),
      );
    receivers.get(key)!(req, res);
  };
}

let listening: Listening;
let served: Served;
const received: Array<ParsedWebhook<WebhookVersion>> = [];

beforeAll(async () => {
  served = await serve(app(received));
  const origin = new URL(served.url).origin;
  listening = await startListen([
    '--secret',
    SECRET,
    '--json',
    '--forward-to',
    `${origin}/app/{event}`,
  ]);
});
afterAll(async () => {
  if (listening) await stop(listening.child);
  await served?.close();
});

describe('trigger -> listen -> --forward-to an app verifying with the library', () => {
  it('delivers every event of every version and v0, verified and valid at each hop', async () => {
    for (const version of VERSIONS) {
      const sent = await runNode([
        BIN,
        'trigger',
        '--all',
        '--version',
        version,
        '--to',
        `${listening.url}/{event}`,
        '--secret',
        SECRET,
      ]);
      expect(sent.stderr).toBe('');
      expect(sent.code, sent.stdout).toBe(0);
      for (const line of sent.stdout.trim().split('\n'))
        expect(line).toMatch(new RegExp(`^\\S+ \\(${version}\\) msg_\\w+ -> 204 in \\d+ ms$`));
    }
    const records = await listening.records(ALL.length);
    expect(
      records.map(({ event, version, signature, ok, attempt, answer }) => ({
        event,
        version,
        signature,
        ok,
        attempt,
        answer,
      })),
    ).toEqual(
      ALL.map(({ version, event }) => ({
        event,
        version,
        signature: 'verified',
        ok: true,
        attempt: 1,
        answer: { status: 204 },
      })),
    );
    expect(received.map(({ version, event, payload }) => ({ version, event, payload }))).toEqual(
      ALL.map(({ version, event }) => ({
        version,
        event,
        payload: asSent((samplePayload(event, version) as { payload: unknown }).payload),
      })),
    );
  });
});

/** The sample as sent: an envelope's `eventId` and `timestamp` are fresh for each delivery. */
function asSent(sample: unknown): unknown {
  if (typeof sample !== 'object' || sample === null || !('eventId' in sample)) return sample;
  return { ...sample, eventId: expect.stringMatching(/^evt_/), timestamp: expect.any(String) };
}
