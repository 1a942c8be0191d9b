import { setTimeout as sleep } from 'node:timers/promises';
import type { Check } from '../check.js';
import { jsonOf, nonce, scaledMs, tooLong, withHooks } from '../deliveries.js';
import type { Diagnostic } from '../diagnostic.js';
import { finding } from '../expect-answer.js';
import { SAMPLE_EVENTS } from '../sample-events.js';

/** DLV-11: reaction changes of one message are coalesced over about 10 s into one delivery of the latest set. */
export const dlv11ReactionDebounce: Check = {
  id: 'dlv-11-reaction-debounce',
  requirements: ['DLV-11'],
  title: 'Reaction changes of a message coalesce into one delivery of the full current set',
  async run(context) {
    const skip = tooLong(context, 20, 'debounce');
    if (skip) return skip;
    return withHooks(
      context,
      [{ generation: 'v0', event: 'chat:message:reaction' }],
      async ([hook]) => {
        const [one, two] = [nonce(), nonce()];
        const started = performance.now();
        for (const [message, codes] of [
          [one, [':thumbs_up:']],
          [one, [':thumbs_up:', ':heart:']],
          [two, [':heart:']],
          [one, [':heart:']],
        ] as const) {
          await hook!.emit({ data: SAMPLE_EVENTS.reaction(message, [...codes]) });
        }
        await hook!.arrived(2, scaledMs(context, 20, 'debounce') + 5000);
        await sleep(scaledMs(context, 10, 'debounce') + 200);
        const seen = hook!.received
          .map((r) => jsonOf(r))
          .map(
            (b) =>
              `${b?.messageId === one ? 'first' : b?.messageId === two ? 'second' : '?'}: ${(b?.reactions ?? []).map((x: { code: string }) => x.code).join(' ')}`,
          )
          .sort();
        const wanted = ['first: :heart:', 'second: :heart:'];
        const diagnostics: Diagnostic[] = [];
        if (JSON.stringify(seen) !== JSON.stringify(wanted))
          diagnostics.push(
            finding(
              this.id,
              'DLV-11',
              'four changes of two messages did not arrive as one delivery per message with its latest set',
              wanted,
              seen,
            ),
          );
        // About 10 s after the first change; only measured where the scaled window is long enough to tell.
        const window = scaledMs(context, 10, 'debounce');
        const firstAt = hook!.received[0]?.receivedAt;
        if (window >= 50 && firstAt !== undefined && firstAt - started < window / 2) {
          diagnostics.push(
            finding(
              this.id,
              'DLV-11',
              `the first delivery came ${Math.round(firstAt - started)} ms after the first change`,
              `about ${Math.round(window)} ms`,
              Math.round(firstAt - started),
            ),
          );
        }
        return diagnostics;
      },
    );
  },
};
