import { describe, expect, it } from 'vitest';
import { webhookValidator, webhookValidators } from '../../src/webhooks/validators.ts';
import { PROTOTYPE_NAMES } from '../support/prototype-names.ts';

// DLV-12: event names come from deliveries. The generated modules' `exports` inherit
// Object.prototype, so the lookup must only ever find the version's own events.
const VERSIONS = ['v0', '2026-06-01', '2026-08-25'] as const;
const cases = VERSIONS.flatMap((version) =>
  PROTOTYPE_NAMES.map((name) => [`${version}: "${name}"`, { version, name }] as const),
);

describe('webhookValidator', () => {
  it.each(cases)('%s is no event', (_, { version, name }) => {
    expect(webhookValidator(version, name)).toBeUndefined();
  });

  it.each(cases)('%s is no key of the validators', (_, { version, name }) => {
    const validators = webhookValidators(version)!;
    expect(Object.hasOwn(validators, name)).toBe(false);
    expect((validators as Record<string, unknown>)[name]).toBeUndefined();
  });

  const known: Array<[string, { version: string; event: string; want: boolean }]> = [
    ['DLV-12: a v1 event', { version: '2026-08-25', event: 'chat.message', want: true }],
    ['DLV-12: a v0 event', { version: 'v0', event: 'chat:message:dm', want: true }],
    [
      'DLV-12: a v0 event is not a v1 event',
      { version: '2026-08-25', event: 'chat:message:dm', want: false },
    ],
    [
      'VER-01: a version that is no date',
      { version: 'hasOwnProperty', event: 'chat.message', want: false },
    ],
    [
      'VER-01: a date with no contract',
      { version: '2026-01-01', event: 'chat.message', want: false },
    ],
  ];
  it.each(known)('%s', (_, { version, event, want }) => {
    expect(typeof webhookValidator(version, event) === 'function').toBe(want);
  });

  it.each(PROTOTYPE_NAMES.map((name) => [name]))(
    'VER-01: version "%s" has no validators',
    (name) => {
      expect(webhookValidators(name)).toBeUndefined();
    },
  );
});
