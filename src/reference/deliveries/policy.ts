/**
 * The specification's delivery policy, in seconds of service time. A time scale divides every wait, the
 * reaction debounce and the fail-streak window, so tests see minutes and a day pass in seconds;
 * the 3-second answer window is not scaled, since it is already short and loopback needs it.
 */
export const DELIVERY_POLICY = {
  /** DLV-06: one attempt and three retries. */
  attempts: 4,
  /** DLV-07: about 1 s, about 1 min, about 5 min before retries 1, 2 and 3. */
  retryWaits: [1, 60, 300],
  /** DLV-07: `Retry-After` on 429 or 503 replaces the next wait, up to this. */
  retryAfterCap: 300,
  /** DLV-08: an attempt not answered within this counts as failed (`transport`). */
  attemptTimeout: 3,
  /** DLV-11: reaction changes of one message are coalesced over this window. */
  reactionDebounce: 10,
  /** HEALTH-03: a failure streak this long pauses a v1 subscription. */
  pauseAfterStreak: 86_400,
} as const;

export type DeliveryPolicy = {
  [K in keyof typeof DELIVERY_POLICY]: (typeof DELIVERY_POLICY)[K] extends readonly number[]
    ? readonly number[]
    : number;
};
