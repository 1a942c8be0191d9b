import type { Check } from '../run/check.js';
import { tooLong, waitMs, withHooks } from '../reach/deliveries.js';
import { judgeFilter } from '../reach/judge-filter.js';
import { fixtureChat } from '../reach/sample-events.js';

/**
 * SUB-09: a v1 `chat.reaction` subscription filtered by `names` gets a reaction "only when the
 * changed reaction is one of these names". The changed reaction is a fact the payload does not
 * show: the trigger is told it as `context.changedReaction`. The reactions are in the profile's DM
 * with the app, which the app hears at every version (VER-11). A reaction the filter refuses is
 * emitted first, then one it takes (judgeFilter).
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
      const reaction = (changedReaction: string) => (marker: string) =>
        hook!.emit({ data: { id: marker }, context: { chatId: dm.id, changedReaction } });
      const patience = waitMs(context, 20, 'debounce') + 5000;
      await judgeFilter(
        context,
        hook!,
        'a filter of names [thumbs_up]',
        [
          ['a heart reaction', reaction('heart')],
          ['a thumbs_up reaction', reaction('thumbs_up')],
        ],
        patience,
      );
    });
  },
};
