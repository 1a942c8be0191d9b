import { describe, expect, it } from 'vitest';
import { filterProblem, storedFilter } from '../../../src/reference/deliveries/filter-keys.ts';
import { matchesFilter } from '../../../src/reference/deliveries/filter-match.ts';
import { PROTOTYPE_NAMES, jsonWithKey } from '../../support/prototype-names.ts';

const generations = ['v0', 'v1'] as const;
const reaction = {
  generation: 'v0' as const,
  type: 'chat:message:reaction',
  data: { reactions: [{ code: ':heart:' }] },
};
const message = {
  generation: 'v1' as const,
  type: 'chat.message',
  data: { chatType: 'dm' },
  context: { mentionsApp: false },
};

describe("filterProblem: keys are SUB-04's (v0) and SUB-09's (v1), no others", () => {
  const rows = generations.flatMap((generation) =>
    PROTOTYPE_NAMES.map(
      (name) =>
        [
          `${generation}: ${name}`,
          { given: { generation, filter: JSON.parse(jsonWithKey(name, true)) } },
        ] as const,
    ),
  );
  it.each(rows)('%s is refused', (_, { given }) => {
    expect(filterProblem(given.filter, given.generation)).toMatch(/does not define/);
  });

  it.each([
    [
      'v0 keys on v0',
      {
        given: {
          generation: 'v0',
          filter: { lobbyId: 'l', codes: [], eventId: 'e', status: 'going' },
        },
        want: undefined,
      },
    ],
    [
      'v1 keys on v1',
      {
        given: {
          generation: 'v1',
          filter: {
            chatType: 'dm',
            mention: true,
            names: [],
            hasVideo: true,
            eventId: 'e',
            status: 'going',
          },
        },
        want: undefined,
      },
    ],
    [
      'a v0 key on v1',
      {
        given: { generation: 'v1', filter: { codes: [] } },
        want: 'filter has keys v1 does not define: codes',
      },
    ],
    [
      'a v1 key on v0',
      {
        given: { generation: 'v0', filter: { mention: true } },
        want: 'filter has keys v0 does not define: mention',
      },
    ],
    ['an array', { given: { generation: 'v1', filter: [] }, want: 'filter is an object' }],
    ['null', { given: { generation: 'v0', filter: null }, want: 'filter is an object' }],
  ] as const)('%s', (_, { given, want }) => {
    expect(filterProblem(given.filter, given.generation)).toBe(want);
  });
});

describe('stored filters: whatever an old row holds, matching and listing never throw', () => {
  const keyRows = PROTOTYPE_NAMES.flatMap(
    (name) =>
      [
        [
          `v1 key ${name} with a value`,
          { given: { stored: JSON.parse(jsonWithKey(name, 1)), event: message } },
        ],
        [
          `v1 key ${name} with an object`,
          { given: { stored: JSON.parse(jsonWithKey(name, { mention: true })), event: message } },
        ],
        [
          `v0 key ${name}`,
          { given: { stored: JSON.parse(jsonWithKey(name, ['tada'])), event: reaction } },
        ],
      ] as const,
  );
  it.each(keyRows)('%s is ignored: the event passes', (_, { given }) => {
    expect(matchesFilter(given.stored, given.event)).toBe(true);
    expect(storedFilter(given.stored, given.event.generation)).toBeNull();
  });

  it.each([
    ['a string', { given: { stored: 'chatType', event: message }, want: true }],
    ['an array', { given: { stored: [{ chatType: 'group' }], event: message }, want: true }],
    ['a number', { given: { stored: 5, event: message }, want: true }],
    [
      'codes whose items are objects without a callable toString',
      { given: { stored: { codes: [{ toString: 1, valueOf: 1 }] }, event: reaction }, want: false },
    ],
    [
      'codes that are no list',
      { given: { stored: { codes: { heart: true } }, event: reaction }, want: false },
    ],
    [
      'a known key beside a prototype name still applies',
      {
        given: { stored: JSON.parse('{"__proto__":1,"chatType":"group"}'), event: message },
        want: false,
      },
    ],
  ] as const)('%s', (_, { given, want }) => {
    expect(matchesFilter(given.stored, given.event)).toBe(want);
  });

  it("storedFilter keeps only the generation's keys, in an object without a prototype", () => {
    const kept = storedFilter(
      JSON.parse('{"__proto__":{"x":1},"chatType":"dm","codes":["a"]}'),
      'v1',
    )!;
    expect(Object.getPrototypeOf(kept)).toBeNull();
    expect({ ...kept }).toEqual({ chatType: 'dm' });
  });
});
