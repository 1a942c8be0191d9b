/** Whether `value` is a JSON object: not null, not an array. What every reader of outside JSON asks first. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
