import { describe, expect, it } from 'vitest';
import type { LeafChange } from '../../src/diff/classify.ts';
import { describeChange } from '../../src/diff/describe-change.ts';

const payload = [
  'webhooks',
  'chat.message',
  'post',
  'requestBody',
  'content',
  'application/json',
  'schema',
];
const request = [
  'paths',
  '/chat.postEphemeral',
  'post',
  'requestBody',
  'content',
  'application/json',
  'schema',
];
const response = [
  'paths',
  '/webhook.list',
  'get',
  'responses',
  '200',
  'content',
  'application/json',
  'schema',
];

describe('describeChange', () => {
  const cases: Array<[string, { change: LeafChange; want: string }]> = [
    [
      'membership (VER-11)',
      {
        change: {
          path: ['webhooks', 'chat.message', 'post', 'x-membership'],
          before: undefined,
          after: 'required',
        },
        want: '`chat.message` deliveries now arrive only for chats the app is a member of (for a personal token: chats its owner is a member of).',
      },
    ],
    [
      'mention grammar (VER-10)',
      {
        change: {
          path: ['webhooks', 'chat.message', 'post', 'x-mention-grammar'],
          before: 'legacy',
          after: 'subteam',
        },
        want: '`chat.message` deliveries now render mentions in message text with groups as `<!subteam^uuid>` and broadcast as `<!channel>` (before: groups as `<@uuid>` and broadcast as `<@all>`).',
      },
    ],
    [
      'an unknown grammar is named as it is',
      {
        change: {
          path: ['webhooks', 'chat.message', 'post', 'x-mention-grammar'],
          before: 'legacy',
          after: 'next',
        },
        want: '`chat.message` deliveries now render mentions in message text with `next` (before: groups as `<@uuid>` and broadcast as `<@all>`).',
      },
    ],
    [
      'a payload field moved away (VER-08)',
      {
        change: {
          path: [...payload, 'properties', 'chatType'],
          before: { type: 'string' },
          after: undefined,
        },
        want: '`chat.message` deliveries no longer include the field `chatType`.',
      },
    ],
    [
      'a nested request field newly accepted',
      {
        change: {
          path: [...request, 'properties', 'sender', 'properties', 'name'],
          before: undefined,
          after: {},
        },
        want: 'Requests to `POST /chat.postEphemeral` may now include the field `sender.name`.',
      },
    ],
    [
      'the avatar gate on a field (VER-12)',
      {
        change: {
          path: [...request, 'properties', 'sender', 'properties', 'imageUrl', 'x-avatar-url'],
          before: undefined,
          after: 'service-hosted',
        },
        want: 'Requests to `POST /chat.postEphemeral` now accept `sender.imageUrl` only as a service-hosted avatar URL; anything else is refused.',
      },
    ],
    [
      'a request field made required',
      {
        change: { path: [...request, 'required'], before: ['text'], after: ['text', 'user'] },
        want: 'Requests to `POST /chat.postEphemeral` must now send `user`.',
      },
    ],
    [
      'a response field no longer guaranteed, inside an array',
      {
        change: {
          path: [...response, 'properties', 'webhooks', 'items', 'required'],
          before: ['id', 'url'],
          after: ['id'],
        },
        want: '`200` answers of `GET /webhook.list` no longer always include `webhooks[].url`.',
      },
    ],
    [
      'an enum grows',
      {
        change: {
          path: [...payload, 'properties', 'chatType', 'enum'],
          before: ['dm'],
          after: ['dm', 'group'],
        },
        want: 'The list of values of `chatType` in `chat.message` deliveries now also allows `group`.',
      },
    ],
    [
      'a constraint changes',
      {
        change: {
          path: [...request, 'properties', 'text', 'maxLength'],
          before: 4000,
          after: 2000,
        },
        want: 'The `maxLength` of `text` in requests to `POST /chat.postEphemeral` is now `2000` (before: `4000`).',
      },
    ],
    [
      'a shape becomes shown (VER-08)',
      {
        change: { path: [...payload, 'x-shape'], before: 'unspecified', after: undefined },
        want: 'The shape of `chat.message` deliveries is now shown (before: not shown).',
      },
    ],
    [
      'a description',
      {
        change: {
          path: ['webhooks', 'chat.message', 'post', 'description'],
          before: 'a',
          after: 'b',
        },
        want: 'The description of `chat.message` deliveries was reworded.',
      },
    ],
    [
      'a webhook removed',
      {
        change: { path: ['webhooks', 'meeting.ended'], before: {}, after: undefined },
        want: 'The `meeting.ended` webhook was removed: receivers no longer get it.',
      },
    ],
    [
      'an operation added',
      {
        change: { path: ['paths', '/chat.history', 'get'], before: undefined, after: {} },
        want: '`GET /chat.history` is new.',
      },
    ],
    [
      'anything else names where it changed',
      {
        change: { path: ['paths', '/webhook.list', 'get', 'security'], before: [], after: [{}] },
        want: 'Calls to `GET /webhook.list` changed at `security`.',
      },
    ],
  ];
  it.each(cases)('%s', (_, { change, want }) => expect(describeChange(change)).toBe(want));
});
