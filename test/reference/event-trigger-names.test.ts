import { describe, expect, it } from 'vitest';
import { deliveryApi } from '../support/delivery-harness.ts';
import { PROTOTYPE_NAMES } from '../support/prototype-names.ts';
import { useReferenceServer } from '../support/reference-server.ts';

// The event trigger looks the event up among each version's own validators: a name of an
// Object.prototype member is an unknown event (400), never a 500 nor an accepted emit.
const reference = useReferenceServer({ triggerEvents: true });
const api = deliveryApi(() => reference.server.url);

describe.each(['v0', 'v1'] as const)('%s trigger', (generation) => {
  it.each(PROTOTYPE_NAMES.map((name) => [name] as const))('event %s is unknown', async (name) => {
    const answer = await api.trigger(name, {}, generation);
    expect([answer.status, answer.body]).toEqual([
      400,
      { error: 'invalid_parameter', problems: [`${generation} has no event "${name}"`] },
    ]);
  });
});
