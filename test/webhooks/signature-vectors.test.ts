import { describe, expect, it } from 'vitest';
import { signWebhook } from '../../src/webhooks/sign.ts';
import { verifyWebhook } from '../../src/webhooks/verify.ts';
import vectorFile from '../fixtures/webhooks/signature-vectors.json' with { type: 'json' };

// DLV-02, DLV-03, AUTH-12: the committed vectors, computed by the standardwebhooks library.
interface Vector {
  description: string;
  secret: string;
  secrets?: string[];
  id: string;
  timestamp: number;
  body: string;
  now: number;
  signatureHeader?: string | null;
  timestampHeader?: string;
  omit?: string;
  expected: { header?: string; verified?: boolean; error?: string };
}
const vectors = vectorFile.vectors as Vector[];

function headersOf(vector: Vector): Record<string, string> {
  const signed = vector.expected.header ?? vector.signatureHeader;
  const headers: Record<string, string> = {
    'Webhook-Id': vector.id,
    'WEBHOOK-TIMESTAMP': vector.timestampHeader ?? String(vector.timestamp),
  };
  if (signed) headers['webhook-signature'] = signed;
  if (vector.omit)
    delete headers[Object.keys(headers).find((name) => name.toLowerCase() === vector.omit)!];
  return headers;
}

describe('signWebhook', () => {
  it.each(vectors.filter((v) => v.expected.header).map((v) => [v.description, v] as const))(
    '%s',
    (_, vector) => {
      expect(signWebhook(vector)['webhook-signature']).toBe(vector.expected.header);
    },
  );

  it('refuses a secret that is not whsec_ base64', () => {
    expect(() => signWebhook({ secret: 'MfKQ9r8G', id: 'a', timestamp: 1, body: '' })).toThrow(
      /whsec_/,
    );
    expect(() =>
      signWebhook({ secret: 'whsec_not base64!', id: 'a', timestamp: 1, body: '' }),
    ).toThrow(/base64/);
  });
});

describe('verifyWebhook', () => {
  it.each(vectors.map((v) => [v.description, v] as const))('%s', (_, vector) => {
    const result = verifyWebhook({
      ...(vector.secrets ? { secrets: vector.secrets } : { secret: vector.secret }),
      headers: headersOf(vector),
      body: vector.body,
      now: vector.now,
    });
    if (vector.expected.error)
      expect(result).toMatchObject({ ok: false, reason: vector.expected.error });
    else expect(result).toEqual({ ok: true, id: vector.id, timestamp: vector.timestamp });
  });

  it('verifies raw bytes, not a re-serialised body', () => {
    const vector = vectors[0]!;
    const reserialised = JSON.stringify(JSON.parse(vector.body));
    expect(reserialised).not.toBe(vector.body);
    expect(
      verifyWebhook({
        secret: vector.secret,
        headers: headersOf(vector),
        body: Buffer.from(vector.body),
        now: vector.now,
      }).ok,
    ).toBe(true);
    expect(
      verifyWebhook({
        secret: vector.secret,
        headers: headersOf(vector),
        body: reserialised,
        now: vector.now,
      }).ok,
    ).toBe(false);
  });

  it('refuses parsed JSON as the body with invalid_body, without throwing', () => {
    const vector = vectors[0]!;
    const parsed = JSON.parse(vector.body) as unknown as string;
    expect(
      verifyWebhook({
        secret: vector.secret,
        headers: headersOf(vector),
        body: parsed,
        now: vector.now,
      }),
    ).toMatchObject({ ok: false, reason: 'invalid_body' });
  });

  it('reads fetch Headers too', () => {
    const vector = vectors[0]!;
    expect(
      verifyWebhook({
        secret: vector.secret,
        headers: new Headers(headersOf(vector)),
        body: vector.body,
        now: vector.now,
      }).ok,
    ).toBe(true);
  });
});
