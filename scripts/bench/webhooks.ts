import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { listApiDocuments, readBundledDocument } from '../../src/documents.ts';
import { DocumentValidator, pointer } from '../../src/validation/document-validator.ts';
import { signWebhook } from '../../src/webhooks/sign.ts';
import { webhookValidators } from '../../src/webhooks/validators.ts';
import { verifyAndParseWebhook } from '../../src/webhooks/verify-and-parse.ts';
import { ratios } from './measure.ts';

// Verify + parse of one chat.message delivery (2026-08-25), against (a) the floor: raw node:crypto
// HMAC-SHA256 and the same precompiled validator, and (b) the common path: the standardwebhooks
// library and a validator compiled with ajv at run time. Targets: >= 0.8x (a), >= 1.5x (b).
const VERSION = '2026-08-25';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const KEY = Buffer.from(SECRET.slice('whsec_'.length), 'base64');

function delivery() {
  const payload = {
    type: 'chat.message',
    eventId: 'evt_01J9XQ',
    timestamp: 1785312000,
    apiVersion: VERSION,
    data: {
      chatType: 'group',
      text: `Release notes for the week. ${'Lorem ipsum dolor sit amet. '.repeat(12)}Ping <!subteam^5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11>`,
    },
  };
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    body,
    headers: {
      ...signWebhook({ secret: SECRET, id: 'msg_bench', timestamp, body }),
      'Service-Version': VERSION,
    },
  };
}

export function run(): void {
  const { body, headers } = delivery();
  const precompiled = webhookValidators(VERSION)!['chat.message']!;
  const document = readBundledDocument(listApiDocuments().find((api) => api.version === VERSION)!);
  const runtimeCompiled = new DocumentValidator(document);
  const schema = pointer([
    'webhooks',
    'chat.message',
    'post',
    'requestBody',
    'content',
    'application/json',
    'schema',
  ]);
  const standard = new Webhook(SECRET);

  const result = ratios(
    () => {
      if (!verifyAndParseWebhook({ secret: SECRET, version: VERSION, headers, body }).ok)
        throw new Error('not verified and parsed');
    },
    {
      floor: () => {
        const mac = createHmac('sha256', KEY)
          .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.`)
          .update(body)
          .digest('base64');
        if (!timingSafeEqual(Buffer.from(`v1,${mac}`), Buffer.from(headers['webhook-signature'])))
          throw new Error('not verified');
        if (!precompiled(JSON.parse(body))) throw new Error('not valid');
      },
      common: () => {
        const payload = standard.verify(body, headers);
        if (runtimeCompiled.validate(schema, payload).length) throw new Error('not valid');
      },
    },
    // Rounds of about 100 ms: shorter ones let a single GC pause or timer tick decide a round.
    { rounds: 21, perRound: 20_000 },
  );
  const rate = (n: number) => `${Math.round(n)} /s`.padStart(10);
  console.log(
    `webhooks: verify + parse of one chat.message delivery (${body.length} bytes), median of 21 interleaved rounds`,
  );
  console.log(
    `  toolkit (verifyAndParseWebhook)                       ${rate(result.subject.perSecond)}`,
  );
  console.log(
    `  (a) floor: node:crypto HMAC + precompiled validator  ${rate(result.floor.perSecond)}   toolkit = ${result.floor.ratio.toFixed(2)}x (target >= 0.8x)`,
  );
  console.log(
    `  (b) common: standardwebhooks + ajv.compile           ${rate(result.common.perSecond)}   toolkit = ${result.common.ratio.toFixed(2)}x (target >= 1.5x)`,
  );
}
