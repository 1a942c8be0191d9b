import { describe, expect, it } from 'vitest';
import { matchesFilter } from '../../../src/reference/deliveries/filter-match.ts';

import type { EventContext } from '../../../src/reference/deliveries/service-event.ts';

const event = (
  data: Record<string, unknown>,
  context?: EventContext,
  generation: 'v0' | 'v1' = 'v1',
) => ({ generation, type: 'x', data, context });

describe('matchesFilter', () => {
  const cases: Array<
    [
      string,
      {
        filter: Record<string, unknown> | null;
        data: Record<string, unknown>;
        context?: EventContext;
        generation?: 'v0';
        want: boolean;
      },
    ]
  > = [
    ['no filter', { filter: null, data: {}, want: true }],
    ['chatType equal', { filter: { chatType: 'dm' }, data: { chatType: 'dm' }, want: true }],
    [
      'chatType different',
      { filter: { chatType: 'dm' }, data: { chatType: 'group' }, want: false },
    ],
    [
      'eventId of the On-Air event',
      { filter: { eventId: 'ev_1' }, data: { event: { id: 'ev_1' } }, want: true },
    ],
    ['eventId missing from the payload', { filter: { eventId: 'ev_1' }, data: {}, want: false }],
    [
      'eventId told in context (v1 On-Air data shows none)',
      { filter: { eventId: 'ev_1' }, data: {}, context: { onAirEventId: 'ev_1' }, want: true },
    ],
    [
      'eventId told in context, another event',
      { filter: { eventId: 'ev_1' }, data: {}, context: { onAirEventId: 'ev_2' }, want: false },
    ],
    [
      'status told in context',
      { filter: { status: 'going' }, data: {}, context: { rsvpStatus: 'going' }, want: true },
    ],
    [
      'status told in context, another status',
      { filter: { status: 'going' }, data: {}, context: { rsvpStatus: 'maybe' }, want: false },
    ],
    [
      'lobbyId told in context',
      {
        filter: { lobbyId: 'l_1' },
        data: { booking: {} },
        context: { lobbyId: 'l_1' },
        generation: 'v0',
        want: true,
      },
    ],
    [
      'lobbyId told in context, another lobby',
      {
        filter: { lobbyId: 'l_1' },
        data: { booking: {} },
        context: { lobbyId: 'l_2' },
        generation: 'v0',
        want: false,
      },
    ],
    [
      'guest status',
      { filter: { status: 'going' }, data: { guest: { status: 'maybe' } }, want: false },
    ],
    [
      'SUB-10: a code without colons',
      {
        filter: { codes: ['heart'] },
        data: { reactions: [{ code: ':heart:' }] },
        generation: 'v0',
        want: true,
      },
    ],
    [
      'SUB-10: a code with colons',
      {
        filter: { codes: [':heart:'] },
        data: { reactions: [{ code: 'heart' }] },
        generation: 'v0',
        want: true,
      },
    ],
    [
      'SUB-10: no listed code',
      {
        filter: { codes: ['tada'] },
        data: { reactions: [{ code: ':heart:' }] },
        generation: 'v0',
        want: false,
      },
    ],
    [
      'every key must match',
      { filter: { chatType: 'dm', eventId: 'e' }, data: { chatType: 'dm' }, want: false },
    ],
    [
      'SUB-09: mention true, the app is mentioned',
      { filter: { mention: true }, data: {}, context: { mentionsApp: true }, want: true },
    ],
    [
      'SUB-09: mention true, the app is not mentioned',
      { filter: { mention: true }, data: {}, context: { mentionsApp: false }, want: false },
    ],
    [
      'SUB-09: mention false does not constrain',
      {
        filter: { mention: false, chatType: 'dm' },
        data: { chatType: 'dm' },
        context: { mentionsApp: false },
        want: true,
      },
    ],
    [
      'names: the changed reaction is listed',
      {
        filter: { names: ['heart'] },
        data: {},
        context: { changedReaction: ':heart:' },
        want: true,
      },
    ],
    [
      'names: it is not',
      { filter: { names: ['heart'] }, data: {}, context: { changedReaction: 'tada' }, want: false },
    ],
    [
      'hasVideo: no video track',
      { filter: { hasVideo: true }, data: {}, context: { hasVideo: false }, want: false },
    ],
    [
      'a fact that is not known passes',
      { filter: { hasVideo: true, mention: true }, data: {}, want: true },
    ],
  ];
  it.each(cases)('%s', (_, { filter, data, context, generation, want }) =>
    expect(matchesFilter(filter, event(data, context, generation))).toBe(want),
  );
});
