import { setTimeout as sleep } from 'node:timers/promises';
import type { Check } from '../check.js';
import { jsonOf, nonce, scaledMs, tooLong, withHooks } from '../deliveries.js';
import type { Diagnostic } from '../diagnostic.js';
import { finding } from '../expect-answer.js';
import { SAMPLE_EVENTS } from '../sample-events.js';

/** SUB-10: v0 `codes` compare without colons; the gate is per message and the payload lists every reaction. */
export const sub10V0Codes: Check = {
  id: 'sub-10-v0-codes',
  requirements: ['SUB-10'],
  title: 'v0 reaction codes match with or without colons; the payload keeps every reaction',
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
      await bare!.arrived(1, scaledMs(context, 20, 'debounce') + 5000);
      await sleep(200);
      const diagnostics: Diagnostic[] = [];
      const codes = bare!.received.map((r) =>
        (jsonOf(r)?.reactions ?? []).map((x: { code: string }) => x.code),
      );
      if (JSON.stringify(codes) !== JSON.stringify([[':thumbs_up:', ':heart:']]))
        diagnostics.push(
          finding(
            this.id,
            'SUB-10',
            'a filter on thumbs_up did not get the reaction set with :thumbs_up: and :heart:',
            [[':thumbs_up:', ':heart:']],
            codes,
          ),
        );
      if (other!.received.length)
        diagnostics.push(
          finding(
            this.id,
            'SUB-10',
            'a filter on :tada: got a message without that reaction',
            0,
            other!.received.length,
          ),
        );
      return diagnostics;
    });
  },
};
