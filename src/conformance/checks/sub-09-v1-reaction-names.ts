import { setTimeout as sleep } from 'node:timers/promises';
import type { Check } from '../check.js';
import { carries, nonce, tooLong, waitMs, withHooks } from '../deliveries.js';
import { fixtureChat } from '../sample-events.js';

/**
 * SUB-09: a v1 `chat.reaction` subscription filtered by `names` gets a reaction "only when the
 * changed reaction is one of these names". The changed reaction is a fact the payload does not
 * show: the trigger is told it as `context.changedReaction`. The reactions are in the profile's DM
 * with the app, which the app hears at every version (VER-11). A reaction the filter refuses is
 * emitted first, then one it takes; once that one arrived, the refused one had the same chance.
 */
export const sub09V1ReactionNames: Check = {
  requirements: ['SUB-09'],
  basis: 'stated',
  title: 'v1 reaction filter names: only the named reactions are delivered',
  exclusive: ['v1 chat.reaction'],
  async run(context) {
    // Reaction events may be coalesced per message (DLV-11): wait out a debounce.
    const skip = tooLong(context, 20, 'debounce');
    if (skip) return skip;
    const dm = fixtureChat(context.profile, 'dm');
    if ('skip' in dm) return dm;
    const hooks = [{ event: 'chat.reaction', filter: { names: ['thumbs_up'] } }];
    return withHooks(context, hooks, async ([hook]) => {
      const [refused, taken] = [nonce(), nonce()];
      const emit = (marker: string, changedReaction: string) =>
        hook!.emit({ data: { id: marker }, context: { chatId: dm.id, changedReaction } });
      await emit(refused, 'heart');
      await emit(taken, 'thumbs_up');
      const patience = waitMs(context, 20, 'debounce') + 5000;
      const came = (marker: string) => hook!.received.some((r) => carries(r, marker));
      const started = performance.now();
      while (!came(taken) && performance.now() - started < patience) await sleep(50);
      await sleep(200);
      if (!came(taken))
        context.report({
          message: `a filter of names [thumbs_up] got no delivery of a thumbs_up reaction within ${Math.round(patience)} ms`,
        });
      if (came(refused))
        context.report({
          message: 'a filter of names [thumbs_up] got a heart reaction delivered',
          expected: 'not delivered',
          actual: 'delivered',
        });
    });
  },
};
