/**
 * An answer in the spec's shape: v1 names the code in `error`, v0 in `code`. Where the specification gives
 * a status but no code, the mock uses one of its own (listed in the README).
 */
export interface SpecError {
  status: number;
  code?: string;
  body?: Record<string, unknown>;
}

export function errorBody(
  generation: 'v0' | 'v1' | 'auth',
  error: SpecError,
): Record<string, unknown> {
  if (error.body) return error.body;
  if (!error.code) return {};
  return generation === 'v0' ? { code: error.code } : { error: error.code };
}
