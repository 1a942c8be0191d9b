/**
 * The wait a `Retry-After` header asks for, in seconds: delta-seconds or an HTTP-date (RFC 9110
 * 10.2.3); undefined when absent or unreadable, so the policy's own wait applies.
 */
export function retryAfterSeconds(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // An HTTP-date ends in GMT in all three of its forms; anything else, such as "-5", is unreadable.
  const at = trimmed.endsWith('GMT') ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, (at - nowMs) / 1000);
}
