import { setTimeout as sleep } from 'node:timers/promises';
import type { Check } from '../run/check.js';
import { carries, jsonOf, nonce, tooLong, waitMs, withHooks } from '../reach/deliveries.js';
import { SAMPLE_EVENTS, fixtureChat } from '../reach/sample-events.js';

/** The reactions the sample message carries: one the first filter names, one it does not. */
const CODES = [':thumbs_up:', ':heart:'];

/**
 * SUB-10: v0 `codes` compare without colons; the gate is per message and the payload lists every
 * reaction (in whatever order: the specification gives none). The reactions are in the profile's channel with
 * the app.
 */
export const sub10V0Codes: Check = {
  requirements: ['SUB-10'],
  basis: 'stated',
  title: 'v0 reaction codes match with or without colons; the payload keeps every reaction',
  exclusive: ['v0 chat:message:reaction'],
  async run(context) {
    const skip = tooLong(context, 20, 'debounce');
    if (skip) return skip;
    const channel = fixtureChat(context.profile, 'channel');
    if ('skip' in channel) return channel;
    const hooks = [
      {
        generation: 'v0' as const,
        event: 'chat:message:reaction',
        filter: { codes: ['thumbs_up'] },
      },
      { generation: 'v0' as const, event: 'chat:message:reaction', filter: { codes: [':tada:'] } },
      // A filter written with colons matches as well: `:heart:` is `heart`.
      { generation: 'v0' as const, event: 'chat:message:reaction', filter: { codes: [':heart:'] } },
    ];
    return withHooks(context, hooks, async ([bare, other, wrapped]) => {
      const message = nonce();
      const { fixtures } = context.profile;
      await bare!.emit(SAMPLE_EVENTS.reaction(message, CODES, channel.id, fixtures));
      const patience = waitMs(context, 20, 'debounce') + 5000;
      // Each subscription's delivery goes its own way: wait for both filters that match.
      await Promise.all([bare!.arrived(1, patience), wrapped!.arrived(1, patience)]);
      await sleep(200);
      const codes = bare!.received
        .filter((r) => carries(r, message))
        .map((r) => (jsonOf(r)?.reactions ?? []).map((x: { code: string }) => x.code).sort());
      const wanted = [...CODES].sort();
      if (codes.length === 0)
        context.report({
          message: `a filter on thumbs_up got no delivery within ${Math.round(patience)} ms of a message with :thumbs_up: and :heart:`,
          expected: [wanted],
          actual: codes,
        });
      else if (codes.some((set) => JSON.stringify(set) !== JSON.stringify(wanted)))
        context.report({
          message:
            'a filter on thumbs_up got the message without its whole reaction set (:thumbs_up: and :heart:)',
          expected: [wanted],
          actual: codes,
        });
      if (!wrapped!.received.some((r) => carries(r, message)))
        context.report({
          message: `a filter on :heart: (with its colons) got no delivery within ${Math.round(patience)} ms of a message with :heart:`,
          expected: 'the message',
          actual: 'nothing',
        });
      const wrong = other!.received.filter((r) => carries(r, message)).length;
      if (wrong)
        context.report({
          message: 'a filter on :tada: got a message without that reaction',
          expected: 0,
          actual: wrong,
        });
    });
  },
};
