import { V0_PAYLOADS, V1_DATA } from '../../samples/sample-payloads.js';
import type { CheckContext } from '../run/context.js';
import type { Emission } from './deliveries.js';
import { type ChatName, fixtureChat } from './sample-events.js';

/** The chat events, in the fixture chat the app hears them in at every version (VER-11). */
const CHAT: Readonly<Record<string, { chat: ChatName; mentionsApp?: boolean }>> = {
  'chat:message:channel': { chat: 'channel' },
  'chat:message:mention': { chat: 'channel', mentionsApp: true },
  'chat:message:reaction': { chat: 'channel' },
  'chat.reaction': { chat: 'dm' },
  // Before VER-11's membership an organization app hears a group's messages that mention it.
  'chat.message': { chat: 'channel', mentionsApp: true },
};

/** Reaction events may be coalesced per message (DLV-11): they arrive after a debounce. */
export const DEBOUNCED: ReadonlySet<string> = new Set(['chat.reaction', 'chat:message:reaction']);
/** The sample of `event`, in the fixture chat it needs; undefined (noted) when the profile has none. */
export function emissionOf(
  context: CheckContext,
  generation: 'v0' | 'v1',
  event: string,
): Emission | undefined {
  const samples = generation === 'v0' ? V0_PAYLOADS : V1_DATA;
  if (!Object.hasOwn(samples, event)) {
    context.note(`${generation} ${event} was not sent: the suite has no sample of it`);
    return undefined;
  }
  const data = structuredClone(samples[event]!);
  if (!Object.hasOwn(CHAT, event)) return { data };
  const { chat, mentionsApp } = CHAT[event]!;
  const fixture = fixtureChat(context.profile, chat);
  if ('skip' in fixture) {
    context.note(`${event} was not sent: ${fixture.reason}`);
    return undefined;
  }
  return { data, context: { chatId: fixture.id, ...(mentionsApp ? { mentionsApp } : {}) } };
}
