import { setTimeout as sleep } from 'node:timers/promises';
import type { Check } from '../check.js';
import { jsonOf, nonce, tooLong, waitMs, withHooks } from '../deliveries.js';
import { SAMPLE_EVENTS } from '../sample-events.js';

/**
 * SUB-10: v0 `codes` compare without colons; the gate is per message and the payload lists every
 * reaction.
 */
export const sub10V0Codes: Check = {
  requirements: ['SUB-10'],
  basis: 'stated',
  title: 'v0 reaction codes match with or without colons; the payload keeps every reaction',
  exclusive: ['v0 chat:message:reaction'],
  async run(context) {
    const skip = tooLong(context, 20, 'debounce');
    if (skip) return skip;
    const hooks = [
      {
        generation: 'v0' as const,
        event: 'chat:message:reaction',
        filter: { codes: ['thumbs_up'] },
      },
      { generation: 'v0' as const, event: 'chat:message:reaction', filter: { codes: [':tada:'] } },
    ];
    return withHooks(context, hooks, async ([bare, other]) => {
      await bare!.emit({ data: SAMPLE_EVENTS.reaction(nonce(), [':thumbs_up:', ':heart:']) });
      await bare!.arrived(1, waitMs(context, 20, 'debounce') + 5000);
      await sleep(200);
      const codes = bare!.received.map((r) =>
        (jsonOf(r)?.reactions ?? []).map((x: { code: string }) => x.code),
      );
      if (JSON.stringify(codes) !== JSON.stringify([[':thumbs_up:', ':heart:']]))
        context.report({
          message:
            'a filter on thumbs_up did not get the reaction set with :thumbs_up: and :heart:',
          expected: [[':thumbs_up:', ':heart:']],
          actual: codes,
        });
      if (other!.received.length)
        context.report({
          message: 'a filter on :tada: got a message without that reaction',
          expected: 0,
          actual: other!.received.length,
        });
    });
  },
};
