import { toVersion } from '../../src/version-changes/apply.ts';
import { describe, expect, it } from 'vitest';
import { listOperations, resolveLocal } from '../../src/openapi/operations.ts';
import { changedItems } from '../support/changed-items.ts';
import { dereference } from '../../src/openapi/dereference.ts';
import { listVersions } from '../../src/versions.ts';
import { type Bundle, JSON_BODY, loadBundles } from '../support/bundles.ts';
import { statedVersions } from '../support/requirements.ts';

// Requirements of layer `doc` (../shared/REQUIREMENTS.md), each checked against the bundled
// documents by validating bodies, not by finding keys.
const bundles = loadBundles();
const byName = (name: string): Bundle => bundles.find((bundle) => bundle.api.name === name)!;
const v0 = byName('v0');
const auth = byName('auth');
const v1 = bundles.filter((bundle) => bundle.api.version);
const latest = byName('v1@2026-08-25');
const VERSIONS = listVersions();

const V0_SUBSCRIBABLE = [
  'chat:message:dm',
  'chat:message:channel',
  'chat:message:mention',
  'chat:message:reaction',
  'recording:saved',
  'transcript:started',
  'transcript:saved',
  'lobby:booked',
  'user:status:update',
  'onair.event.created',
  'onair.event.updated',
  'onair.event.canceled',
  'onair.guest.rsvp',
  'onair.guest.added',
];
const V1_WEBHOOKS = [
  'chat.message',
  'chat.reaction',
  'meeting.ended',
  'token.revoked',
  'app.uninstalled',
  'onair.event.created',
  'onair.event.updated',
  'onair.event.canceled',
  'onair.guest.rsvp',
  'onair.guest.added',
];
const U = 'U-3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10';
const C = 'C-5b0e6a52-0c43-4f7e-9a57-1d9f3c2b7e11';
const UUID = '3f1c2a4e-8d7b-4c61-9a0e-5b2d7f3e9c10';
const subscribeBody = ['paths', '/webhook.subscribe', 'post', 'requestBody', ...JSON_BODY];
const ephemeralBody = ['paths', '/chat.postEphemeral', 'post', 'requestBody', ...JSON_BODY];
const ephemeral = (status: string) => [
  'paths',
  '/chat.postEphemeral',
  'post',
  'responses',
  status,
  ...JSON_BODY,
];
const webhookBody = (name: string) => ['webhooks', name, 'post', 'requestBody', ...JSON_BODY];
const message = {
  type: 'message',
  contentType: 'text',
  sender: U,
  chat: C,
  timestamp: 1785312000123456,
};

/** Where a response or webhook payload schema says `additionalProperties: false`. */
function closedSchemas(bundle: Bundle): string[] {
  const found: string[] = [];
  const walk = (node: unknown, at: string): void => {
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.additionalProperties === false || record.unevaluatedProperties === false)
      found.push(at);
    for (const [key, value] of Object.entries(record)) walk(value, `${at}/${key}`);
  };
  for (const entry of listOperations(bundle.document)) {
    const sent =
      entry.kind === 'webhook'
        ? { request: entry.operation.requestBody }
        : entry.operation.responses;
    for (const [status, body] of Object.entries(sent ?? {})) {
      walk(dereference(bundle.document, body), `${entry.kind} ${entry.name} ${status}`);
    }
  }
  return found;
}

const rows: Array<[string, string, () => void]> = [
  [
    'VER-01',
    'every dated document is a version of the registry, and the latest is the one the requirement names',
    () => {
      expect(v1.map((bundle) => bundle.document.info.version)).toEqual(VERSIONS);
      expect(VERSIONS.at(-1)).toBe(statedVersions().latest);
    },
  ],
  [
    'VER-03 VER-04 VER-05 AUTH-02',
    'every v1 operation names its version on every response, lists supported versions on 400, has 410, 401 with the three codes, and 500',
    () => {
      for (const bundle of v1) {
        for (const entry of listOperations(bundle.document).filter((e) => e.kind === 'path')) {
          const at = ['paths', entry.name, entry.method, 'responses'];
          const responses = entry.operation.responses as Record<string, unknown>;
          expect(Object.keys(responses), `${bundle.api.name} ${entry.name}`).toEqual(
            expect.arrayContaining(['400', '401', '410', '500']),
          );
          for (const response of Object.values(responses)) {
            const headers = resolveLocal(bundle.document, response).value.headers ?? {};
            expect(Object.keys(headers), `${bundle.api.name} ${entry.name}`).toEqual(
              expect.arrayContaining(['Service-Version', 'Deprecation', 'Sunset']),
            );
            expect(resolveLocal(bundle.document, headers['Service-Version']).value.required).toBe(
              true,
            );
          }
          const body = (status: string) => [
            ...(resolveLocal(bundle.document, responses[status]).location ?? [...at, status]),
            ...JSON_BODY,
          ];
          expect(bundle.accepts(body('400'), { supportedVersions: VERSIONS })).toBe(true);
          for (const code of ['not_authed', 'invalid_token', 'token_revoked'])
            expect(bundle.accepts(body('401'), { error: code })).toBe(true);
        }
      }
    },
  ],
  [
    'VER-06',
    'v0 is outside the dated scheme: no version header on any request or response',
    () => {
      expect(v0.document.info['x-versioning']).toBe('none');
      const headers = listOperations(v0.document).flatMap((entry) => [
        ...((entry.operation.parameters ?? []) as unknown[]).map(
          (p) => resolveLocal(v0.document, p).value.name as string,
        ),
        ...Object.values(entry.operation.responses ?? {}).flatMap((r) =>
          Object.keys(resolveLocal(v0.document, r).value.headers ?? {}),
        ),
      ]);
      expect(headers.length).toBeGreaterThan(0);
      expect(headers.filter((name) => /^(Service-Version|Deprecation|Sunset)$/.test(name))).toEqual(
        [],
      );
    },
  ],
  [
    'VER-07',
    'no response or payload schema forbids unknown properties, except the frozen v0 filter echoed by subscribe (SUB-04)',
    () => {
      for (const bundle of bundles.filter((b) => b !== v0))
        expect(closedSchemas(bundle), bundle.api.name).toEqual([]);
      expect(closedSchemas(v0)).toEqual([
        'path /webhook.subscribe 200/content/application/json/schema/properties/filter/anyOf/0',
      ]);
      expect(
        latest.accepts(ephemeral('200'), { ok: true, chatId: C, timestamp: 1, addedLater: true }),
      ).toBe(true);
    },
  ],
  [
    'VER-08',
    'v1 payloads are bare in 2026-06-01 and enveloped from 2026-07-07, apiVersion fixed to the document version',
    () => {
      const baseline = byName('v1@2026-06-01');
      for (const name of V1_WEBHOOKS) {
        expect(
          resolveLocal(
            baseline.document,
            baseline.document.webhooks![name]!.post!['requestBody' as never],
          ).value,
        ).toBeDefined();
        expect(
          JSON.stringify(dereference(baseline.document, baseline.document.webhooks![name])),
        ).not.toContain('apiVersion');
      }
      for (const bundle of v1.slice(1)) {
        const version = bundle.document.info.version;
        for (const name of V1_WEBHOOKS) {
          const envelope = {
            type: name,
            eventId: 'e1',
            timestamp: 1785312000,
            apiVersion: version,
            data: {},
          };
          expect(bundle.accepts(webhookBody(name), envelope), `${version} ${name}`).toBe(true);
          expect(bundle.accepts(webhookBody(name), { ...envelope, apiVersion: '2026-06-01' })).toBe(
            false,
          );
          expect(bundle.accepts(webhookBody(name), {})).toBe(false);
        }
      }
    },
  ],
  [
    'VER-09',
    '2026-07-23 documents the same deliveries as 2026-07-07',
    () => {
      const [july7, july23] = [byName('v1@2026-07-07'), byName('v1@2026-07-23')];
      expect(
        changedItems(july7.document, july23.document).filter((item) => item.startsWith('webhook')),
      ).toEqual([]);
      for (const name of V1_WEBHOOKS) {
        const delivery = (version: string) => ({
          type: name,
          eventId: 'e1',
          timestamp: 1,
          apiVersion: version,
          data: {},
        });
        expect(july23.accepts(webhookBody(name), delivery('2026-07-23'))).toBe(
          july7.accepts(webhookBody(name), delivery('2026-07-07')),
        );
      }
    },
  ],
  [
    'AUTH-03',
    'the token endpoint takes a form with the code or refresh grant; client_credentials is rejected',
    () => {
      const body = [
        'paths',
        '/oauth/token',
        'post',
        'requestBody',
        'content',
        'application/x-www-form-urlencoded',
        'schema',
      ];
      expect(
        Object.keys(auth.document.paths!['/oauth/token']!.post!['requestBody' as never]['content']),
      ).toEqual(['application/x-www-form-urlencoded']);
      expect(
        auth.accepts(body, {
          grant_type: 'authorization_code',
          code: 'c',
          redirect_uri: 'http://localhost/cb',
          client_id: 'a',
        }),
      ).toBe(true);
      expect(
        auth.accepts(body, { grant_type: 'refresh_token', refresh_token: 'r', client_id: 'a' }),
      ).toBe(true);
      expect(
        auth.accepts(body, {
          grant_type: 'client_credentials',
          client_id: 'a',
          client_secret: 's',
        }),
      ).toBe(false);
    },
  ],
  [
    'AUTH-07',
    'the token response has Bearer, 604800 seconds and space-separated scopes; a refresh may come without a new refresh token (AUTH-08: "typically rotated")',
    () => {
      const body = ['paths', '/oauth/token', 'post', 'responses', '200', ...JSON_BODY];
      const token = {
        access_token: 'a',
        token_type: 'Bearer',
        expires_in: 604800,
        refresh_token: 'r',
        scope: 'chat:write webhook:read',
      };
      expect(auth.accepts(body, token)).toBe(true);
      expect(auth.accepts(body, { ...token, expires_in: 3600 })).toBe(false);
      expect(auth.accepts(body, { ...token, refresh_token: undefined })).toBe(true);
      expect(auth.accepts(body, { ...token, token_type: 'mac' })).toBe(false);
    },
  ],
  [
    'AUTH-10',
    'the metadata document is RFC 8414 typed; which values it lists is a reading the suite judges, not the schema',
    () => {
      const body = [
        'paths',
        '/.well-known/oauth-authorization-server',
        'get',
        'responses',
        '200',
        ...JSON_BODY,
      ];
      const metadata = {
        issuer: 'http://a',
        authorization_endpoint: 'http://a/oauth/authorize',
        token_endpoint: 'http://a/oauth/token',
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
      };
      expect(auth.accepts(body, metadata)).toBe(true);
      expect(
        auth.accepts(body, { ...metadata, code_challenge_methods_supported: ['S256', 'plain'] }),
      ).toBe(true);
      expect(auth.accepts(body, { issuer: 'http://a' })).toBe(true);
      expect(auth.accepts(body, { ...metadata, grant_types_supported: 'refresh_token' })).toBe(
        false,
      );
    },
  ],
  [
    'SUB-01',
    'v0 subscribe takes the 14 subscribable events; v0 documents all 15 deliveries',
    () => {
      for (const event of V0_SUBSCRIBABLE)
        expect(v0.accepts(subscribeBody, { url: 'https://h.example.com', event })).toBe(true);
      expect(
        v0.accepts(subscribeBody, { url: 'https://h.example.com', event: 'magicast.created' }),
      ).toBe(false);
      expect(Object.keys(v0.document.webhooks!).sort()).toEqual(
        [...V0_SUBSCRIBABLE, 'magicast.created'].sort(),
      );
      expect(
        v0.accepts(['paths', '/webhook.subscribe', 'post', 'responses', '200', ...JSON_BODY], {
          id: 'sub-1',
          event: 'lobby:booked',
          url: 'https://h.example.com',
        }),
      ).toBe(false);
    },
  ],
  [
    'SUB-03',
    'a url over 1024 characters is refused, with invalid_parameter documented',
    () => {
      const url = (length: number) => `https://h.example.com/${'a'.repeat(length - 22)}`;
      expect(v0.accepts(subscribeBody, { url: url(1024), event: 'lobby:booked' })).toBe(true);
      expect(v0.accepts(subscribeBody, { url: url(1025), event: 'lobby:booked' })).toBe(false);
      expect(
        v0.accepts(['paths', '/webhook.subscribe', 'post', 'responses', '400', ...JSON_BODY], {
          code: 'invalid_parameter',
        }),
      ).toBe(true);
    },
  ],
  [
    'SUB-04',
    'the v0 filter allows only lobbyId, codes, eventId and status',
    () => {
      expect(
        v0.accepts(subscribeBody, {
          url: 'https://h.example.com',
          event: 'onair.guest.rsvp',
          filter: { eventId: 'e', status: 'maybe' },
        }),
      ).toBe(true);
      expect(
        v0.accepts(subscribeBody, {
          url: 'https://h.example.com',
          event: 'onair.guest.rsvp',
          filter: { status: 'declined' },
        }),
      ).toBe(false);
      expect(
        v0.accepts(subscribeBody, {
          url: 'https://h.example.com',
          event: 'chat:message:dm',
          filter: { chatType: 'dm' },
        }),
      ).toBe(false);
    },
  ],
  [
    'SUB-05',
    'v0 unsubscribe is form-encoded, answers 204 without a body, and documents 404',
    () => {
      const operation = v0.document.paths!['/webhook.unsubscribe']!.post as Record<string, any>;
      expect(Object.keys(operation.requestBody.content)).toEqual([
        'application/x-www-form-urlencoded',
      ]);
      expect(operation.responses['204'].content).toBeUndefined();
      expect(operation.responses['404']).toBeDefined();
      expect(
        v0.accepts(
          [
            'paths',
            '/webhook.unsubscribe',
            'post',
            'requestBody',
            'content',
            'application/x-www-form-urlencoded',
            'schema',
          ],
          { id: 'not-a-uuid' },
        ),
      ).toBe(false);
    },
  ],
  [
    'SUB-07',
    'v1 list answers {ok, webhooks} with id, event, url and dynamic required',
    () => {
      for (const bundle of v1) {
        const body = ['paths', '/webhook.list', 'get', 'responses', '200', ...JSON_BODY];
        expect(bundle.accepts(body, { ok: true, webhooks: [] })).toBe(true);
        expect(bundle.accepts(body, { ok: true })).toBe(false);
        expect(
          bundle.accepts(body, {
            ok: true,
            webhooks: [{ id: 's', event: 'chat.message', url: 'https://h' }],
          }),
        ).toBe(false);
      }
    },
  ],
  [
    'SUB-09',
    'the v1 filter rejects {} and {mention: false} alone, and hasVideo other than true',
    () => {
      const body = (filter: unknown) => ({
        event: 'chat.message',
        url: 'https://h.example.com',
        filter,
      });
      expect(latest.accepts(subscribeBody, body({ mention: true }))).toBe(true);
      expect(latest.accepts(subscribeBody, body({ mention: false, chatType: 'dm' }))).toBe(true);
      for (const filter of [{}, { mention: false }, { hasVideo: false }, { chatType: 'channel' }]) {
        expect(latest.accepts(subscribeBody, body(filter)), JSON.stringify(filter)).toBe(false);
      }
    },
  ],
  [
    'DLV-12 TYPE-01 TYPE-02 TYPE-03',
    'v0 deliveries carry the shown payloads: a chat message with tagged ids and microsecond timestamps',
    () => {
      for (const name of ['chat:message:dm', 'chat:message:channel', 'chat:message:mention']) {
        expect(v0.accepts(webhookBody(name), message)).toBe(true);
        expect(v0.accepts(webhookBody(name), { ...message, sender: U.toUpperCase() })).toBe(false);
        expect(v0.accepts(webhookBody(name), { ...message, timestamp: '1785312000123456' })).toBe(
          false,
        );
      }
      expect(
        v0.accepts(webhookBody('chat:message:reaction'), { ...message, type: 'reaction' }),
      ).toBe(false);
    },
  ],
  [
    'DLV-02 DLV-05',
    'every delivery documents its signature headers; retry headers are optional with their values',
    () => {
      for (const bundle of [v0, ...v1]) {
        for (const entry of listOperations(bundle.document).filter((e) => e.kind === 'webhook')) {
          const params = (entry.operation.parameters as unknown[]).map(
            (p) => resolveLocal(bundle.document, p).value,
          );
          const byHeader = Object.fromEntries(params.map((p) => [p.name, p]));
          for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature'])
            expect(byHeader[name]?.required, name).toBe(true);
          expect(byHeader['Service-Retry-Num']?.required).toBe(false);
          expect(byHeader['Service-Retry-Reason']?.schema.enum).toEqual([
            'transport',
            'http_5xx',
            'http_429',
          ]);
          if (bundle !== v0) expect(byHeader['Service-Version']?.required).toBe(true);
        }
      }
    },
  ],
  [
    'EPH-01',
    'postEphemeral takes chatId, userId and text, and answers ok true with chatId and timestamp',
    () => {
      const request = { chatId: UUID, userId: UUID, text: 'hi' };
      for (const bundle of v1) {
        expect(bundle.accepts(ephemeralBody, request)).toBe(true);
        expect(
          bundle.accepts(ephemeralBody, { ...request, threadTimestamp: 1, sender: { id: '_' } }),
        ).toBe(true);
        // The answer in the version's shape: what its declared changes make of it.
        const answer = (ok: boolean) =>
          toVersion({ path: '/chat.postEphemeral' }, bundle.api.version!, {
            ok,
            chatId: UUID,
            timestamp: 1,
          });
        expect(bundle.accepts(ephemeral('200'), answer(true))).toBe(true);
        expect(bundle.accepts(ephemeral('200'), answer(false))).toBe(false);
      }
    },
  ],
  [
    'EPH-02',
    'postEphemeral refuses missing text, non-UUID ids, long sender names and non-HTTP(S) avatars, with their codes',
    () => {
      const request = { chatId: UUID, userId: UUID, text: 'hi' };
      for (const bad of [
        { text: undefined },
        { chatId: 'C-1' },
        { userId: 'ada' },
        { sender: { name: 'n'.repeat(129) } },
        { sender: { imageUrl: 'ftp://x/a.png' } },
      ]) {
        expect(latest.accepts(ephemeralBody, { ...request, ...bad }), JSON.stringify(bad)).toBe(
          false,
        );
      }
      for (const code of ['missing_parameter', 'invalid_parameter'])
        expect(latest.accepts(ephemeral('400'), { error: code })).toBe(true);
    },
  ],
  [
    'EPH-04',
    'postEphemeral documents every error code of the spec table by status',
    () => {
      const table: Array<[string, string[]]> = [
        ['400', ['user_not_in_chat', 'is_archived', 'access_mode_not_supported']],
        ['403', ['not_in_chat', 'not_in_group', 'group_not_found']],
        ['404', ['chat_not_found', 'user_not_found']],
        ['413', ['msg_too_long']],
      ];
      for (const bundle of v1) {
        for (const [status, codes] of table)
          for (const code of codes)
            expect(bundle.accepts(ephemeral(status), { error: code }), `${status} ${code}`).toBe(
              true,
            );
        expect(bundle.accepts(ephemeral('404'), { error: 'not_in_chat' })).toBe(false);
        expect(
          Object.keys(bundle.document.paths!['/chat.postEphemeral']!.post!['responses' as never]),
        ).toContain('405');
      }
    },
  ],
];

describe('doc-layer requirements', () => {
  it.each(rows)('%s: %s', (_, __, check) => check());
});
