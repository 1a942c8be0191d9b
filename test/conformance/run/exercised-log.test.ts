import { describe, expect, it } from 'vitest';
import { operationAt, surfaceFrom } from '../../../src/conformance/run/documented-surface.ts';
import {
  openExercisedLog,
  recordAnswer,
  recordDeliveries,
} from '../../../src/conformance/run/exercised-log.ts';

type Request = Parameters<typeof recordAnswer>[0];
type Answer = Parameters<typeof recordAnswer>[1];

describe('recordAnswer', () => {
  const cases: Array<[string, { request: Request; answer: Answer; want: string[] }]> = [
    [
      'a v1 answer under the version it names, the query left out',
      {
        request: { method: 'get', path: '/v1/webhook.list?limit=1', version: '2026-06-01' },
        answer: { status: 200, headers: { 'Service-Version': '2026-08-25' } },
        want: ['2026-08-25 GET /webhook.list 200'],
      },
    ],
    [
      'the version asked for when the answer names none',
      {
        request: { method: 'POST', path: '/v1/chat.postEphemeral', version: '2026-07-07' },
        answer: { status: 400, headers: {} },
        want: ['2026-07-07 POST /chat.postEphemeral 400'],
      },
    ],
    [
      'v0 whatever was asked',
      {
        request: { method: 'POST', path: '/v0/webhook.subscribe', version: '2026-08-25' },
        answer: { status: 401 },
        want: ['v0 POST /webhook.subscribe 401'],
      },
    ],
    [
      'the OAuth server as auth',
      {
        request: { method: 'POST', path: '/oauth/token' },
        answer: { status: 400 },
        want: ['auth POST /oauth/token 400'],
      },
    ],
    [
      'nothing for a method the document does not list',
      {
        request: { method: 'DELETE', path: '/v1/webhook.list', version: '2026-08-25' },
        answer: { status: 405 },
        want: [],
      },
    ],
    [
      'nothing for an unknown version or path',
      {
        request: { method: 'GET', path: '/v1/nope', version: '2031-01-01' },
        answer: { status: 404, headers: { 'service-version': '__proto__' } },
        want: [],
      },
    ],
  ];
  it.each(cases)('%s', (_, { request, answer, want }) => {
    const log = openExercisedLog();
    recordAnswer(request, answer);
    expect(log.close()).toEqual({ answers: want, events: [] });
  });

  it('records nothing once closed, and deliveries only when one arrived', () => {
    const log = openExercisedLog();
    recordDeliveries({ event: 'chat.message', version: '2026-08-25' }, 2);
    recordDeliveries({ event: 'meeting.ended', version: '2026-08-25' }, 0);
    expect(log.close()).toEqual({ answers: [], events: ['2026-08-25 chat.message'] });
    recordAnswer({ method: 'POST', path: '/oauth/token' }, { status: 200 });
    expect(openExercisedLog().close()).toEqual({ answers: [], events: [] });
  });
});

describe('operationAt', () => {
  const surface = surfaceFrom(
    [
      { method: 'GET', path: '/items/{id}', responses: ['200'] },
      { method: 'GET', path: '/items/latest', responses: ['200'] },
    ],
    [],
  );
  it.each([
    ['/items/latest', '/items/latest'],
    ['/items/42', '/items/{id}'],
    ['/items/', undefined],
    ['/items/4/2', undefined],
  ])('%s is %s', (path, template) => {
    expect(operationAt(surface, 'get', path)?.path).toBe(template);
  });
});
