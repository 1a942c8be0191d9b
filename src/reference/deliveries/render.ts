import { since } from '../../versions.js';
import { toVersion } from '../../version-changes/apply.js';
import { type WebhookVersion, isEnveloped } from '../../webhooks/versions.js';
import type { ServiceEvent } from './service-event.js';

export interface EventIdentity {
  /** The envelope's `eventId`: one per event, shared by every subscription it goes to. */
  eventId: string;
  /**
   * When the event happened, RFC 3339 (the envelope's `timestamp`; its format is not shown in
   * The specification).
   */
  occurredAt: string;
}

/** The payload a subscription of `version` receives for an event (VER-08, VER-10, VER-14). */
export function renderPayload(
  event: ServiceEvent,
  version: WebhookVersion,
  identity: EventIdentity,
): Record<string, unknown> {
  if (version === 'v0') return event.data;
  const data =
    event.type === 'chat.message' && typeof event.data.text === 'string'
      ? {
          ...event.data,
          text: renderMentions(
            event.data.text,
            since(version, 'mention-render') ? 'subteam' : 'baseline',
          ),
        }
      : event.data;
  // The shape changes the registry declares (openapi/versions.yaml, `instructions`).
  const shaped = toVersion({ webhook: event.type }, version, data);
  if (!isEnveloped(version)) return shaped;
  return {
    type: event.type,
    eventId: identity.eventId,
    timestamp: identity.occurredAt,
    apiVersion: version,
    data: shaped,
  };
}

/**
 * Message text in one mention grammar (VER-10): baseline writes a group `<@G-uuid>` and broadcast
 * `<@all>`; subteam writes `<!subteam^uuid>` and `<!channel>`. Principals stay `<@uuid>`; a
 * `|label` suffix is kept.
 */
export function renderMentions(text: string, grammar: 'baseline' | 'subteam'): string {
  // Most messages mention no group and nobody at large: skip the rewriting for them.
  if (!text.includes(grammar === 'subteam' ? '<@' : '<!')) return text;
  if (grammar === 'subteam') {
    return text
      .replace(/<@G-([0-9a-f-]{36})((?:\|[^>]*)?)>/g, '<!subteam^$1$2>')
      .replace(/<@all((?:\|[^>]*)?)>/g, '<!channel$1>');
  }
  return text
    .replace(/<!subteam\^([0-9a-f-]{36})((?:\|[^>]*)?)>/g, '<@G-$1$2>')
    .replace(/<!channel((?:\|[^>]*)?)>/g, '<@all$1>');
}
