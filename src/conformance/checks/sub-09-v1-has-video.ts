import type { Check } from '../run/check.js';
import { withHooks } from '../reach/deliveries.js';
import { judgeFilter } from '../reach/judge-filter.js';

/**
 * SUB-09: a v1 `meeting.ended` subscription filtered by `hasVideo: true` gets "only meetings that
 * were video recorded". Whether a meeting was is a fact the payload does not show: the trigger is
 * told it as `context.hasVideo`. A meeting without video is emitted first, then one with it
 * (judgeFilter).
 */
export const sub09V1HasVideo: Check = {
  requirements: ['SUB-09'],
  basis: 'stated',
  title: 'v1 filter hasVideo: only meetings that were video recorded are delivered',
  // judgeFilter reads only the deliveries carrying its own markers.
  shared: ['v1 meeting.ended'],
  async run(context) {
    const hooks = [{ event: 'meeting.ended', filter: { hasVideo: true } }];
    return withHooks(context, hooks, async ([hook]) => {
      const meeting = (hasVideo: boolean) => (marker: string) =>
        hook!.emit({ data: { id: marker }, context: { hasVideo } });
      await judgeFilter(context, hook!, 'a filter of hasVideo true', [
        ['a meeting without video', meeting(false)],
        ['a meeting with video', meeting(true)],
      ]);
    });
  },
};
