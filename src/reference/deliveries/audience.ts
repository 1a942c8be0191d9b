import { USERS, findChat } from '../chats.js';
import { since } from '../../versions.js';
import type { WebhookVersion } from '../../webhooks/versions.js';
import type { ServiceEvent } from './service-event.js';

const CHAT_EVENTS = new Set(['chat.message', 'chat.reaction']);

/**
 * Whether a v1 subscription of `version` hears a chat event (VER-11). In a DM the app is a
 * participant or not, in every version. In a group, before 2026-08-20 the organization app hears
 * only messages that mention it; from 2026-08-20 it hears every message of the groups it is a
 * member of, and the filter `{mention: true}` restores mention-only delivery. An event whose chat
 * is not known is not held back. Subscriptions of personal tokens are not modelled here.
 */
export function hearsChatEvent(
  event: ServiceEvent,
  version: WebhookVersion,
  filter: Record<string, unknown> | null,
): boolean {
  if (version === 'v0' || !CHAT_EVENTS.has(event.type) || event.context?.chatId === undefined)
    return true;
  const chat = findChat(event.context.chatId);
  if (!chat) return false;
  const member = chat.members.includes(USERS.bot);
  if (chat.kind !== 'channel') return member;
  const mentioned = event.context.mentionsApp === true;
  if (!since(version, 'membership')) return mentioned;
  return filter?.mention === true ? mentioned : member;
}
