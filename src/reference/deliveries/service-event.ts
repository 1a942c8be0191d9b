/**
 * An event the service emits: its generation, its name as subscriptions name it, and its business
 * fields (the whole payload for v0; for v1 what the envelope's `data` holds, written in the
 * baseline mention grammar or the later one, rendered per subscription version either way).
 */
export interface ServiceEvent {
  generation: 'v0' | 'v1';
  type: string;
  data: Record<string, unknown>;
  /** What the service knows about the event that its payload does not show. */
  context?: EventContext;
}

/**
 * Facts filters and membership rules need but the specification's payloads do not show. A fact left out is
 * unknown, and a rule that needs it does not hold the event back.
 */
export interface EventContext {
  /** The chat a message or reaction is in (VER-11). */
  chatId?: string;
  /** Whether a message mentions the app (filter `mention`, VER-11). */
  mentionsApp?: boolean;
  /** The reaction that changed (filter `names`). */
  changedReaction?: string;
  /** Whether the meeting was video recorded (filter `hasVideo`). */
  hasVideo?: boolean;
  /** The On-Air event a v1 On-Air event is about, which its data does not show (filter `eventId`). */
  onAirEventId?: string;
  /** The RSVP status of a v1 `onair.guest.rsvp` (filter `status`). */
  rsvpStatus?: string;
  /** The lobby of a v0 `lobby:booked`, whose payload is not shown (filter `lobbyId`). */
  lobbyId?: string;
}
