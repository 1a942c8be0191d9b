import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateVersion } from '../../src/versions.ts';
import { listVersions } from '../../src/versions.ts';
import type { WebhookVersion } from '../../src/webhooks/versions.ts';
import { serve, type Served } from '../webhooks/http-harness.ts';
import { BIN, runNode } from './cli-process.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const VERSIONS = listVersions() as WebhookVersion[];
const SUBTEAM = gateVersion('mention-render') as WebhookVersion;
const LEGACY = VERSIONS[VERSIONS.indexOf(SUBTEAM) - 1]!;

let receiver: Served;
const bodies: string[] = [];
beforeAll(async () => {
  receiver = await serve((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(204).end();
    });
  });
});
afterAll(() => receiver?.close());

const trigger = (...args: string[]) =>
  runNode([BIN, 'trigger', 'chat.message', '--to', receiver.url, '--secret', SECRET, ...args]);

// VER-10: trigger sends what the service would: the sample's mentions in the version's grammar,
// and a text of the user's in the other grammar only with --invalid, as listen would refuse it.
describe('trigger and the mention grammar of chat.message', () => {
  it.each(VERSIONS)('sends the sample at %s in its grammar', async (version) => {
    const before = bodies.length;
    const result = await trigger('--version', version);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const text = JSON.stringify(JSON.parse(bodies[before]!));
    if (version >= SUBTEAM) expect(text).toMatch(/<!subteam\^[0-9a-f-]{36}>.*<!channel>/);
    else expect(text).toMatch(/<@G-[0-9a-f-]{36}>.*<@all>/);
  });

  it.each<[string, { version: WebhookVersion; pointer: string; text: string }]>([
    [
      'legacy forms at the subteam version',
      { version: SUBTEAM, pointer: '/data/text', text: 'hi <@all>' },
    ],
    [
      'subteam forms before the change',
      { version: LEGACY, pointer: '/data/text', text: 'hi <!channel>' },
    ],
  ])('refuses %s unless --invalid', async (_name, { version, pointer, text }) => {
    const args = ['--version', version, '--override', `${pointer}=${text}`];
    const refused = await trigger(...args);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /the contract rejects this chat\.message payload .*mention.*grammar/,
    );
    const sent = await trigger(...args, '--invalid');
    expect(sent.code, sent.stderr).toBe(0);
  });
});
