import type { ServiceEvent } from './service-event.js';

type Filter = Record<string, unknown>;
type KeyCheck = (wanted: unknown, event: ServiceEvent) => boolean;

/**
 * Whether an event passes a subscription's filter: every key it sets must match. Keys tested on
 * the payload need the field present and equal; keys tested on facts the payload does not show
 * (`mention`, `names`, `hasVideo`) let the event pass when the fact is unknown.
 */
export function matchesFilter(filter: Filter | null, event: ServiceEvent): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([key, wanted]) => {
    const check = KEY_CHECKS[key];
    return check ? check(wanted, event) : true;
  });
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** SUB-10: reaction codes compare without surrounding colons, so `thumbs_up` equals `:thumbs_up:`. */
const bareCode = (code: unknown) => String(code).replace(/^:|:$/g, '');
const codeList = (wanted: unknown) => new Set((Array.isArray(wanted) ? wanted : []).map(bareCode));

const KEY_CHECKS: Record<string, KeyCheck> = {
  chatType: (wanted, { data }) => data.chatType === wanted,
  eventId: (wanted, { data }) => record(data.event).id === wanted,
  status: (wanted, { data }) => record(data.guest).status === wanted,
  lobbyId: (wanted, { data }) => (data.lobbyId ?? record(data.booking).lobbyId) === wanted,
  // SUB-10: the gate is message-level: one listed code among the reactions lets the whole set through.
  codes: (wanted, { data }) => {
    const codes = codeList(wanted);
    return (Array.isArray(data.reactions) ? data.reactions : []).some((reaction) => codes.has(bareCode(record(reaction).code)));
  },
  // SUB-09: only `true` constrains.
  mention: (wanted, { context }) => wanted !== true || context?.mentionsApp !== false,
  names: (wanted, { context }) => context?.changedReaction === undefined || codeList(wanted).has(bareCode(context.changedReaction)),
  hasVideo: (wanted, { context }) => wanted !== true || context?.hasVideo !== false,
};
