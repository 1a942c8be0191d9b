import { describe, expect, it } from 'vitest';
import { type ChangeKind, type LeafChange, classify, roleOf } from '../../src/diff/classify.ts';

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
const payload = [
  'webhooks',
  'chat.message',
  'post',
  'requestBody',
  'content',
  'application/json',
  'schema',
];
const at = (base: string[], ...rest: string[]) => [...base, ...rest];

describe('roleOf', () => {
  it.each([
    ['a request body', request, 'request'],
    ['a parameter', ['paths', '/x', 'get', 'parameters', '0'], 'request'],
    ['a response body', response, 'response'],
    ['a webhook payload is read by the receiver', payload, 'response'],
    [
      "a webhook's answers are the receiver's",
      ['webhooks', 'chat.message', 'post', 'responses', '2XX'],
      'request',
    ],
  ])('%s', (_, path, want) => expect(roleOf(path)).toBe(want));
});

describe('classify', () => {
  const cases: Array<[string, { change: LeafChange; want: ChangeKind }]> = [
    [
      'a description',
      { change: { path: at(response, 'description'), before: 'a', after: 'b' }, want: 'additive' },
    ],
    [
      'a new optional response field',
      {
        change: {
          path: at(response, 'properties', 'extra'),
          before: undefined,
          after: { type: 'string' },
        },
        want: 'additive',
      },
    ],
    [
      'a removed response field',
      {
        change: {
          path: at(response, 'properties', 'ok'),
          before: { const: true },
          after: undefined,
        },
        want: 'breaking',
      },
    ],
    [
      'a request field made required',
      {
        change: { path: at(request, 'required'), before: ['a'], after: ['a', 'b'] },
        want: 'breaking',
      },
    ],
    [
      'a request field no longer required',
      {
        change: { path: at(request, 'required'), before: ['a', 'b'], after: ['a'] },
        want: 'additive',
      },
    ],
    [
      'a response field newly guaranteed',
      {
        change: { path: at(response, 'required'), before: ['a'], after: ['a', 'b'] },
        want: 'additive',
      },
    ],
    [
      'a response field no longer guaranteed',
      {
        change: { path: at(response, 'required'), before: ['a', 'b'], after: ['a'] },
        want: 'breaking',
      },
    ],
    [
      'a new enum value in a payload (VER-07)',
      {
        change: { path: at(payload, 'enum'), before: ['dm'], after: ['dm', 'group'] },
        want: 'additive',
      },
    ],
    [
      'an enum value a request may no longer use',
      { change: { path: at(request, 'enum'), before: ['a', 'b'], after: ['a'] }, want: 'breaking' },
    ],
    [
      'a new request constraint (VER-12 avatar gate)',
      {
        change: {
          path: at(request, 'properties', 'sender', 'x-avatar-url'),
          before: undefined,
          after: 'service-hosted',
        },
        want: 'breaking',
      },
    ],
    [
      'the avatar gate written on the operation narrows its requests (VER-12)',
      {
        change: {
          path: ['paths', '/chat.postEphemeral', 'post', 'x-avatar-url'],
          before: undefined,
          after: 'service-hosted',
        },
        want: 'breaking',
      },
    ],
    [
      'a request constraint lifted',
      {
        change: { path: at(request, 'maxLength'), before: 128, after: undefined },
        want: 'additive',
      },
    ],
    [
      'a response constraint lifted',
      {
        change: { path: at(response, 'format'), before: 'uuid', after: undefined },
        want: 'breaking',
      },
    ],
    [
      'a changed type',
      {
        change: { path: at(response, 'type'), before: 'integer', after: 'string' },
        want: 'breaking',
      },
    ],
    [
      'mention rendering (VER-10)',
      {
        change: {
          path: ['webhooks', 'chat.message', 'post', 'x-mention-grammar'],
          before: 'legacy',
          after: 'subteam',
        },
        want: 'breaking',
      },
    ],
    [
      'an unspecified shape replaced (VER-08)',
      {
        change: { path: at(payload, 'x-shape'), before: 'unspecified', after: undefined },
        want: 'breaking',
      },
    ],
    [
      'another x- annotation',
      { change: { path: at(response, 'x-note'), before: undefined, after: 'a' }, want: 'additive' },
    ],
    [
      'an example',
      {
        change: { path: at(response, 'examples', 'two', 'value'), before: 1, after: 2 },
        want: 'additive',
      },
    ],
  ];
  it.each(cases)('%s', (_, { change, want }) => expect(classify(change)).toBe(want));
});
