import type { ServiceEvent } from './service-event.js';

/** DLV-11: the events whose changes are coalesced per message. */
const DEBOUNCED = new Set(['v0 chat:message:reaction', 'v1 chat.reaction']);

/** The message a reaction event is about, or undefined for events that are not debounced. */
export function debounceKey(event: ServiceEvent): string | undefined {
  if (!DEBOUNCED.has(`${event.generation} ${event.type}`)) return undefined;
  const { chat, messageId, messageTimestamp } = event.data;
  const message = messageId ?? messageTimestamp;
  return message === undefined
    ? undefined
    : `${event.generation} ${event.type} ${String(chat)}/${String(message)}`;
}
