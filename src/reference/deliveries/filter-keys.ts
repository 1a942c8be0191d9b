import { isRecord } from '../../is-record.js';
/**
 * A subscription filter as deliveries read it: only known keys, in an object without a prototype.
 */
export type Filter = Readonly<Record<string, unknown>>;

/** SUB-04: the keys a v0 filter may have. */
const V0_KEYS: ReadonlySet<string> = new Set(['lobbyId', 'codes', 'eventId', 'status']);
/** SUB-09: the keys a v1 filter may have. */
const V1_KEYS: ReadonlySet<string> = new Set([
  'chatType',
  'mention',
  'names',
  'hasVideo',
  'eventId',
  'status',
]);

const keysOf = (generation: 'v0' | 'v1') => (generation === 'v0' ? V0_KEYS : V1_KEYS);

/**
 * Why a filter sent to subscribe is refused, or undefined when every key is one the generation
 * defines (SUB-04, SUB-09). Keys are checked against an allow-list, so a key named like a member
 * of Object.prototype (`__proto__`, `hasOwnProperty`, `valueOf`) is just an unknown key.
 */
export function filterProblem(filter: unknown, generation: 'v0' | 'v1'): string | undefined {
  if (!isRecord(filter)) return 'filter is an object';
  const unknown = Object.keys(filter).filter((key) => !keysOf(generation).has(key));
  return unknown.length === 0
    ? undefined
    : `filter has keys ${generation} does not define: ${unknown.join(', ')}`;
}

/**
 * A stored filter as deliveries and listings read it, whatever the row holds: a row written before
 * keys were checked may hold any JSON. Only the generation's own keys are kept, copied into an
 * object without a prototype; null when none remain, which filters nothing.
 */
export function storedFilter(value: unknown, generation: 'v0' | 'v1'): Filter | null {
  if (!isRecord(value)) return null;
  const kept: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value)) if (keysOf(generation).has(key)) kept[key] = value[key];
  return Object.keys(kept).length === 0 ? null : kept;
}
